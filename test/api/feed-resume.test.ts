import { randomUUID } from "node:crypto";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { processesMentioning, signInAt, startServing } from "../support/processes.ts";
import { tempDirs } from "../support/temp.ts";

const PASSWORD = "resume-pass-1";
const tempDir = tempDirs();

const signIn = (url: string) => signInAt(url, PASSWORD);

describe("the change feed after kill -9", { timeout: 90_000 }, () => {
  it("indexes every contact whose write was confirmed before the kill, within 5 s of the restart", async () => {
    const dir = tempDir("reachcx-resume-");
    const env = { DATA_DIR: dir, DEMO_PASSWORD: PASSWORD };
    const first = await startServing(env, { detached: true });
    const headers = await signIn(first.url);
    const source = `kill${randomUUID().slice(0, 8).replace(/-/g, "x")}`;

    // 8 writers until 100 writes are confirmed; then the whole process group is killed at once, with
    // writes still in flight and the feed behind.
    const confirmed = new Set<string>();
    let killed = false;
    const writer = async (w: number) => {
      for (let i = 0; !killed; i++) {
        try {
          const res = await fetch(`${first.url}/api/contacts`, {
            method: "POST",
            headers: { ...headers, "content-type": "application/json" },
            body: JSON.stringify({ firstName: "Kill", lastName: `W${w}n${i}`, phone: "3035550111", source }),
          });
          if (res.status !== 201) throw new Error(`create answered ${res.status}: ${await res.text()}`);
          confirmed.add(((await res.json()) as { id: string }).id);
        } catch (err) {
          if (killed) return;
          throw err;
        }
        if (confirmed.size >= 100 && !killed) {
          killed = true;
          process.kill(-first.pid, "SIGKILL");
        }
      }
    };
    await Promise.all([0, 1, 2, 3, 4, 5, 6, 7].map(writer));
    expect(confirmed.size).toBeGreaterThanOrEqual(100);

    // DynamoDB Local's guard (its own process group) stops Java once our end of its stdin is gone.
    const marker = join(dir, "dynamodb");
    const deadline = Date.now() + 15_000;
    while (processesMentioning(marker).length > 0 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 100));
    expect(processesMentioning(marker)).toEqual([]);

    const second = await startServing(env);
    const until = Date.now() + 5000;
    try {
      const again = await signIn(second.url);
      const found = new Set<string>();
      while (Date.now() < until && [...confirmed].some((id) => !found.has(id))) {
        const res = await fetch(`${second.url}/api/contacts?search=${source}&limit=500`, { headers: again });
        for (const item of ((await res.json()) as { items: { id: string }[] }).items) found.add(item.id);
        await new Promise((r) => setTimeout(r, 100));
      }
      expect([...confirmed].filter((id) => !found.has(id))).toEqual([]);
    } finally {
      await second.stop();
    }
  });
});

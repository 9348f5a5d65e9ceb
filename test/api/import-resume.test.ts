import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { apiAt as api, killRuntime, signInAt, startServing } from "../support/processes.ts";
import { tempDirs } from "../support/temp.ts";

const PASSWORD = "import-resume-1";
const tempDir = tempDirs();

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("an import after kill -9", { timeout: 720_000 }, () => {
  it("goes on from its checkpoint after the restart: every row imported exactly once, none lost", async () => {
    const dir = tempDir("reachcx-import-resume-");
    const env = { DATA_DIR: dir, DEMO_PASSWORD: PASSWORD };
    const first = await startServing(env, { detached: true, timeoutMs: 120_000 });
    const headers = await signInAt(first.url, PASSWORD);
    const tag = `res${randomUUID().slice(0, 8).replace(/-/g, "")}`;
    const mapping = await api(first.url, headers, "/api/field-mappings", {
      method: "POST",
      body: {
        name: "Resume",
        mappings: [
          { fromField: "ID", toField: "externalId" },
          { fromField: "FirstName", toField: "firstName" },
          { fromField: "LastName", toField: "lastName" },
          { fromField: "Phone", toField: "phone" },
          { fromField: "Source", toField: "source" },
        ],
      },
    });
    expect(mapping.status, mapping.text).toBe(201);
    const ROWS = 2000;
    const csv = `ID,FirstName,LastName,Phone,Source\n${Array.from(
      { length: ROWS },
      (_, i) => `${tag}-${i},Row,N${i},303${String(5550000 + i).padStart(7, "0")},${tag}`,
    ).join("\n")}\n`;
    const bytes = new TextEncoder().encode(csv);
    const link = await api(first.url, headers, "/api/contacts/import/upload-url", {
      method: "POST",
      body: { fileName: "resume.csv", size: bytes.byteLength },
    });
    expect(link.status, link.text).toBe(200);
    const put = await fetch(`${first.url}${link.json.url}`, {
      method: "PUT",
      headers: link.json.headers,
      body: bytes,
    });
    expect(put.status).toBe(200);
    const started = await api(first.url, headers, "/api/contacts/import", {
      method: "POST",
      body: { contactsUrl: link.json.contactsUrl, fieldMapping: mapping.json.id },
    });
    expect(started.status, started.text).toBe(202);
    const id = started.json.id as string;

    // Killed mid-way: once a checkpoint says some rows are in, and well before the end.
    let seen = 0;
    for (let i = 0; i < 4000 && seen < 250; i++) {
      const job = await api(first.url, headers, `/api/jobs/${id}`);
      expect(job.json.state, job.text).not.toBe("done");
      seen = job.json.counters.read ?? 0;
      if (seen < 250) await sleep(50);
    }
    expect(seen).toBeGreaterThanOrEqual(250);
    await killRuntime(first.pid, dir);

    const second = await startServing(env, { timeoutMs: 120_000 });
    try {
      const again = await signInAt(second.url, PASSWORD);
      let job = await api(second.url, again, `/api/jobs/${id}`);
      const until = Date.now() + 400_000;
      while (!["done", "failed", "cancelled"].includes(job.json.state) && Date.now() < until) {
        await sleep(200);
        job = await api(second.url, again, `/api/jobs/${id}`);
      }
      expect(job.json, job.text).toMatchObject({ state: "done", counters: { read: ROWS, rejected: 0 } });
      // Rows written after the last checkpoint and before the kill were written again, as updates.
      expect(job.json.counters.imported + job.json.counters.updated).toBe(ROWS);
      expect(job.json.counters.imported).toBeGreaterThan(0);
      expect(job.json.progress.done).toBe(bytes.byteLength);

      // Every row is in the table exactly once: the search index (fed by the table's stream) holds ROWS
      // contacts of this source, every externalId among them once.
      const ids = new Set<string>();
      let total = 0;
      const indexed = Date.now() + 60_000;
      for (;;) {
        ids.clear();
        let cursor: string | undefined;
        do {
          const page = await api(
            second.url,
            again,
            `/api/contacts?search=${tag}&limit=500${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
          );
          expect(page.status, page.text).toBe(200);
          total = page.json.total;
          for (const c of page.json.items as { externalId: string }[]) {
            expect(ids.has(c.externalId), c.externalId).toBe(false);
            ids.add(c.externalId);
          }
          cursor = page.json.nextCursor ?? undefined;
        } while (cursor);
        if ((ids.size === ROWS && total === ROWS) || Date.now() > indexed) break;
        await sleep(500);
      }
      expect(total).toBe(ROWS);
      expect(ids.size).toBe(ROWS);
      for (const i of [0, 1, 999, ROWS - 1]) expect(ids.has(`${tag}-${i}`)).toBe(true);
    } finally {
      await second.stop();
    }
  });
});

import { SseReader } from "../../packages/core/src/realtime/sse.ts";
import { baseUrl, type Session } from "./api.ts";

/** Reads /api/events as a browser would (fetch + stream), collecting parsed change events. */
export async function openEvents(session: Session) {
  const controller = new AbortController();
  const res = await fetch(`${baseUrl()}/api/events`, {
    headers: { authorization: `Bearer ${session.token}`, "x-api-key": session.apiKey },
    signal: controller.signal,
  });
  if (res.status !== 200 || !res.body) throw new Error(`events answered ${res.status}`);
  const events: { entity: string; op: string; id: string | null }[] = [];
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  const sse = new SseReader();
  let ready!: () => void;
  const isReady = new Promise<void>((r) => {
    ready = r;
  });
  const pump = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        const { data, comments } = sse.push(value);
        if (comments.includes("ready")) ready();
        for (const payload of data) events.push(JSON.parse(payload));
      }
    } catch {
      // aborted
    }
  })();
  await isReady;
  return {
    events,
    async waitFor(predicate: (e: (typeof events)[number]) => boolean, ms = 3000) {
      const deadline = Date.now() + ms;
      while (Date.now() < deadline) {
        const hit = events.find(predicate);
        if (hit) return hit;
        await new Promise((r) => setTimeout(r, 25));
      }
      return undefined;
    },
    async close() {
      controller.abort();
      await pump;
    },
  };
}

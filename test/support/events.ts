import { WebSocket } from "ws";
import type { ChangeEvent } from "../../packages/core/src/realtime/index.ts";
import { LIVE_PATH, parseChangeEvent } from "../../packages/core/src/realtime/index.ts";
import { baseUrl, type Session } from "./api.ts";

/** The live feed's URL as the console builds it: the token and api key as query parameters. */
export function liveUrl(credentials: { token?: string; apiKey?: string }) {
  const url = new URL(LIVE_PATH, baseUrl().replace(/^http/, "ws"));
  if (credentials.token !== undefined) url.searchParams.set("token", credentials.token);
  if (credentials.apiKey !== undefined) url.searchParams.set("apiKey", credentials.apiKey);
  return url.toString();
}

/** How a handshake the server refused was answered (it was never upgraded). */
export function refusedHandshake(url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    ws.on("open", () => {
      ws.close();
      reject(new Error("the handshake was accepted"));
    });
    ws.on("unexpected-response", (_req, res) => {
      let body = "";
      res.on("data", (chunk: Buffer) => {
        body += chunk.toString();
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    ws.on("error", () => undefined);
  });
}

/** Opens the live feed over WebSocket as the console does, collecting the change events it pushes. */
export async function openEvents(session: Session) {
  const ws = new WebSocket(liveUrl({ token: session.token, apiKey: session.apiKey }));
  const events: ChangeEvent[] = [];
  ws.on("message", (data) => {
    const event = parseChangeEvent(String(data));
    if (event) events.push(event);
  });
  await new Promise<void>((resolve, reject) => {
    ws.once("open", resolve);
    ws.once("unexpected-response", (_req, res) => reject(new Error(`live feed answered ${res.statusCode}`)));
    ws.once("error", reject);
  });
  const closed = new Promise<{ code: number }>((resolve) => ws.once("close", (code) => resolve({ code })));
  return {
    events,
    ws,
    closed,
    async waitFor(predicate: (e: ChangeEvent) => boolean, ms = 3000) {
      const deadline = Date.now() + ms;
      while (Date.now() < deadline) {
        const hit = events.find(predicate);
        if (hit) return hit;
        await new Promise((r) => setTimeout(r, 25));
      }
      return undefined;
    },
    async close() {
      if (ws.readyState !== WebSocket.CLOSED) {
        ws.close();
        await closed;
      }
    },
  };
}

import type { ChangeEvent, ChangeRecord } from "@reachcx/core/realtime/index";
import { toChangeEvent } from "@reachcx/core/realtime/index";
import { type AuthVars, requireUser } from "@reachcx/functions/api/auth";
import type { Hono } from "hono";
import { streamSSE } from "hono/streaming";

type Listener = (event: ChangeEvent) => void;

/** Per-tenant fan-out of change events to the browsers connected to this process. */
export class RealtimeHub {
  private readonly tenants = new Map<string, Set<Listener>>();

  listen(tenant: string, listener: Listener): () => void {
    const set = this.tenants.get(tenant) ?? new Set<Listener>();
    this.tenants.set(tenant, set);
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.tenants.delete(tenant);
    };
  }

  /** The change feed's subscriber. */
  readonly publish = (records: ChangeRecord[]) => {
    for (const record of records) {
      const change = toChangeEvent(record);
      if (!change) continue;
      for (const listener of this.tenants.get(change.tenant) ?? []) listener(change.event);
    }
  };

  get connections() {
    let n = 0;
    for (const set of this.tenants.values()) n += set.size;
    return n;
  }
}

const HEARTBEAT_MS = 15_000;

/**
 * GET /api/events: Server-Sent Events for the signed-in tenant (the embedded stand-in for the WebSocket API).
 * The browser reads it with fetch so the token and api key travel in headers, not in the URL.
 */
export function mountEvents(app: Hono<AuthVars>, hub: RealtimeHub) {
  app.get("/events", requireUser, (c) => {
    const tenant = c.get("actor").tenant;
    return streamSSE(c, async (stream) => {
      const queue: ChangeEvent[] = [];
      let wake: (() => void) | undefined;
      const stop = hub.listen(tenant, (event) => {
        queue.push(event);
        wake?.();
      });
      stream.onAbort(() => {
        stop();
        wake?.();
      });
      await stream.write(": ready\n\n");
      while (!stream.aborted && !stream.closed) {
        const event = queue.shift();
        if (event) {
          await stream.writeSSE({ data: JSON.stringify(event) });
          continue;
        }
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, HEARTBEAT_MS);
          timer.unref();
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        wake = undefined;
        if (queue.length === 0 && !stream.aborted) await stream.write(": heartbeat\n\n");
      }
      stop();
    });
  });
}

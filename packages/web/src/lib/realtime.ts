import type { ChangeEvent } from "@reachcx/core/realtime/index";
import { SseReader } from "@reachcx/core/realtime/sse";
import { type QueryKey, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { session, useSession } from "./session.ts";

/** Which cached queries a change of each entity makes stale. */
const STALE: Record<string, QueryKey[]> = {
  tenantSettings: [["tenantSettings"], ["me"]],
  tenant: [["tenantSettings"], ["me"]],
  user: [["users"]],
  contact: [["contacts"]],
  activityLog: [["activity"]],
};

/**
 * Follows the tenant's change feed (GET /api/events, Server-Sent Events read with fetch so the token and
 * api key travel as headers) and invalidates the matching TanStack Query keys. Reconnects with backoff.
 */
export function useRealtime() {
  const queryClient = useQueryClient();
  const token = useSession()?.token;

  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    let delay = 1000;

    const follow = async () => {
      const current = session.get();
      if (!current) return;
      const res = await fetch("/api/events", {
        headers: { authorization: `Bearer ${current.token}`, "x-api-key": current.context.apiKey },
        signal: controller.signal,
      });
      if (res.status === 401) {
        // The session expired: end it; the next page load asks to sign in again.
        session.set(null);
        controller.abort();
        return;
      }
      if (!res.ok || !res.body) throw new Error(`events ${res.status}`);
      delay = 1000;
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      const sse = new SseReader();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        for (const data of sse.push(value).data) {
          const event = JSON.parse(data) as ChangeEvent;
          for (const queryKey of STALE[event.entity] ?? [[event.entity]])
            void queryClient.invalidateQueries({ queryKey });
        }
      }
    };

    void (async () => {
      while (!controller.signal.aborted) {
        try {
          await follow();
        } catch {
          // dropped or refused: try again later
        }
        if (controller.signal.aborted) return;
        await new Promise((r) => setTimeout(r, delay));
        delay = Math.min(delay * 2, 30_000);
      }
    })();
    return () => controller.abort();
  }, [token, queryClient]);
}

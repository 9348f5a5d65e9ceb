import type { ChangeEvent } from "@reachcx/core/realtime/index";
import { SseReader } from "@reachcx/core/realtime/sse";
import { type QueryKey, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { meKeys } from "../features/auth/api.ts";
import { contactKeys } from "../features/contacts/api.ts";
import { settingsKeys } from "../features/settings/api.ts";
import { authHeaders, sessionExpired } from "./api.ts";
import { useSession } from "./session.ts";

/**
 * Which cached queries a change of each entity makes stale. An entity not listed invalidates the key of its
 * own name, so a feature that keys its queries [entity, ...] is refreshed without an entry here.
 */
export const STALE: Record<string, readonly QueryKey[]> = {
  tenantSettings: [settingsKeys.all, meKeys.all],
  tenant: [settingsKeys.all, meKeys.all],
  user: [["users"], meKeys.all],
  contact: [contactKeys.all],
  activityLog: [["activity"]],
};

export const staleKeys = (event: Pick<ChangeEvent, "entity">): readonly QueryKey[] =>
  STALE[event.entity] ?? [[event.entity]];

const FIRST_DELAY = 1000;
const MAX_DELAY = 30_000;

/**
 * Follows the tenant's change feed (GET /api/events, Server-Sent Events read with fetch so the token and
 * api key travel as headers) and invalidates the matching TanStack Query keys, so a change made in another
 * tab or by another user shows without a reload. Reconnects with exponential backoff; mounted once, in the
 * shell.
 */
export function useRealtime() {
  const queryClient = useQueryClient();
  const token = useSession()?.token;

  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    let delay = FIRST_DELAY;
    let connectedBefore = false;

    const follow = async () => {
      const res = await fetch("/api/events", {
        headers: { accept: "text/event-stream", ...authHeaders() },
        signal: controller.signal,
      });
      if (res.status === 401) {
        controller.abort();
        sessionExpired();
        return;
      }
      if (!res.ok || !res.body) throw new Error(`events ${res.status}`);
      delay = FIRST_DELAY;
      // After a drop, whatever changed while we were away is stale; we cannot know what, so refetch all.
      if (connectedBefore) void queryClient.invalidateQueries();
      connectedBefore = true;
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      const sse = new SseReader();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        for (const data of sse.push(value).data) {
          const event = JSON.parse(data) as ChangeEvent;
          for (const queryKey of staleKeys(event)) void queryClient.invalidateQueries({ queryKey });
        }
      }
    };

    void (async () => {
      while (!controller.signal.aborted) {
        try {
          await follow();
        } catch {
          // dropped or refused: try again after the backoff
        }
        if (controller.signal.aborted) return;
        await new Promise((r) => setTimeout(r, delay));
        delay = Math.min(delay * 2, MAX_DELAY);
      }
    })();
    return () => controller.abort();
  }, [token, queryClient]);
}

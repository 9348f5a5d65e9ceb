import type { ChangeEvent } from "@reachcx/core/realtime/protocol";
import { KEEP_ALIVE, LIVE_PATH, parseChangeEvent } from "@reachcx/core/realtime/protocol";
import { type QueryClient, type QueryKey, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { ApiError, api } from "./api.ts";
import { useSession } from "./session.ts";

/**
 * Which cached queries a change of each entity makes stale, assembled by the features that own the keys
 * (features/shell/live.ts). An entity not listed invalidates the key of its own name, so a feature that
 * keys its queries [entity, ...] is refreshed without an entry.
 */
export type StaleKeys = Readonly<Record<string, readonly QueryKey[]>>;

export const staleKeys = (stale: StaleKeys, event: Pick<ChangeEvent, "entity">): readonly QueryKey[] =>
  stale[event.entity] ?? [[event.entity]];

/**
 * The live feed on the console's own origin, in both modes (the embedded server, or CloudFront in front of
 * the WebSocket API): browsers cannot set headers on a WebSocket, so the token and api key are query
 * parameters of the handshake, as the $connect handler reads them.
 */
export function liveUrl(location: Pick<Location, "protocol" | "host">, token: string, apiKey: string) {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  const query = new URLSearchParams({ token, apiKey });
  return `${scheme}//${location.host}${LIVE_PATH}?${query}`;
}

type ChangeListener = (event: ChangeEvent) => void;
const listeners = new Set<ChangeListener>();

/**
 * Calls `listener` with every change event the live feed receives, for as long as the component is
 * mounted: for a screen that follows one record's events itself (the campaign status dialog throttles its
 * refetch to one a second instead of invalidating on every counter write). Keep `listener` stable.
 */
export function useChangeEvents(listener: ChangeListener) {
  useEffect(() => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }, [listener]);
}

const FIRST_DELAY = 1000;
const MAX_DELAY = 30_000;
/** Under API Gateway's 10-minute idle timeout. */
const KEEP_ALIVE_MS = 5 * 60_000;

/**
 * Follows the tenant's live feed over WebSocket and invalidates the query keys a change makes stale, so a
 * change made in another tab or by another user shows without a reload. Reconnects with exponential
 * backoff and refetches everything after a reconnect (what changed meanwhile is unknown). A refused
 * handshake reaches the browser only as a close, with no status: the session is then checked with one API
 * call, whose 401 ends it as any other 401 does. Mounted once, in the shell.
 */
export function useRealtime(stale: StaleKeys) {
  const queryClient = useQueryClient();
  const current = useSession();
  const token = current?.token;
  const apiKey = current?.context.apiKey;

  useEffect(() => {
    if (!token || !apiKey) return;
    const feed = follow({ url: liveUrl(window.location, token, apiKey), stale, queryClient });
    return () => feed.stop();
  }, [token, apiKey, stale, queryClient]);
}

function follow(options: { url: string; stale: StaleKeys; queryClient: QueryClient }) {
  const { url, stale, queryClient } = options;
  let stopped = false;
  let socket: WebSocket | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let delay = FIRST_DELAY;
  let connectedBefore = false;

  const again = () => {
    if (stopped) return;
    retry = setTimeout(connect, delay);
    delay = Math.min(delay * 2, MAX_DELAY);
  };

  const connect = () => {
    if (stopped) return;
    const ws = new WebSocket(url);
    socket = ws;
    let opened = false;
    let keepAlive: ReturnType<typeof setInterval> | undefined;
    ws.onopen = () => {
      opened = true;
      delay = FIRST_DELAY;
      if (connectedBefore) void queryClient.invalidateQueries();
      connectedBefore = true;
      keepAlive = setInterval(() => ws.send(KEEP_ALIVE), KEEP_ALIVE_MS);
    };
    ws.onmessage = (message) => {
      const event = typeof message.data === "string" ? parseChangeEvent(message.data) : undefined;
      if (!event) return;
      for (const queryKey of staleKeys(stale, event)) void queryClient.invalidateQueries({ queryKey });
      for (const listener of listeners) listener(event);
    };
    ws.onclose = () => {
      clearInterval(keepAlive);
      if (stopped) return;
      if (opened) return again();
      void sessionAlive().then((alive) => {
        if (alive) again();
      });
    };
  };

  connect();
  return {
    stop() {
      stopped = true;
      clearTimeout(retry);
      socket?.close(1000);
    },
  };
}

/** False when the API refuses the session (the 401 has already ended it, see api.ts); true otherwise. */
async function sessionAlive(): Promise<boolean> {
  try {
    await api.auth.me.$get();
    return true;
  } catch (err) {
    return !(err instanceof ApiError && err.status === 401);
  }
}

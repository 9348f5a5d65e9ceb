import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { withActor } from "@reachcx/core/actor/index";
import { useEnv } from "@reachcx/core/env";
import type { ChangeEvent, ChangeRecord } from "@reachcx/core/realtime/index";
import { encodeChangeEvent, LIVE_PATH, toChangeEvent } from "@reachcx/core/realtime/index";
import { cachedTenant, disabledTenants } from "@reachcx/core/tenant/index";
import { log } from "@reachcx/functions/log";
import { admit, REFUSAL_TITLES, type Refusal, refusalBody, refuse } from "@reachcx/functions/realtime/admit";
import { type WebSocket, WebSocketServer } from "ws";

type Listener = (event: ChangeEvent) => void;

/** Per-tenant fan-out of change events to the browsers connected to this process. */
/** The close code of a live socket whose tenant was disabled (an application code, 4000-4999). */
export const LIVE_TENANT_DISABLED = 4403;

export class RealtimeHub {
  private readonly tenants = new Map<string, Set<Listener>>();
  private readonly closers = new Map<string, Set<() => void>>();

  /** Calls `close` when the tenant is disabled (docs/decisions.md, Disable Tenant); answers the unsubscribe. */
  whenDisabled(tenant: string, close: () => void): () => void {
    const set = this.closers.get(tenant) ?? new Set<() => void>();
    this.closers.set(tenant, set);
    set.add(close);
    return () => {
      set.delete(close);
      if (set.size === 0) this.closers.delete(tenant);
    };
  }

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
    for (const tenant of disabledTenants(records))
      for (const close of this.closers.get(tenant) ?? []) close();
    for (const record of records) {
      const change = toChangeEvent(record);
      if (!change) continue;
      for (const listener of this.tenants.get(change.tenant) ?? []) listener(change.event);
    }
  };

  listeners(tenant: string) {
    return this.tenants.get(tenant)?.size ?? 0;
  }

  get connections() {
    let n = 0;
    for (const set of this.tenants.values()) n += set.size;
    return n;
  }
}

/** The node server as far as the live feed needs it: its upgrade requests. */
interface UpgradeSource {
  on(event: "upgrade", listener: (req: IncomingMessage, socket: Duplex, head: Buffer) => void): unknown;
}

export interface LiveLimits {
  /** Open sockets one tenant may hold in this process, so one tenant cannot exhaust it. */
  perTenant: number;
  /** Largest frame a browser may send; it has nothing to say but keep-alives. */
  maxPayload: number;
  /** How often the server pings; a socket that has not answered the previous ping is dropped. */
  heartbeatMs: number;
}

export const LIVE_LIMITS: LiveLimits = { perTenant: 100, maxPayload: 1024, heartbeatMs: 30_000 };

/**
 * The live feed on `LIVE_PATH`: the same WebSocket protocol as the API Gateway WebSocket API on AWS (the
 * token and api key as query parameters of the handshake, checked by the same admit() as its $connect
 * handler; then one text frame per change, the fan-out's JSON). A refused handshake is answered with its
 * status and a problem+json body and never upgraded. Returns what closes every socket at shutdown.
 */
export function attachLive(server: UpgradeSource, hub: RealtimeHub, limits: LiveLimits = LIVE_LIMITS) {
  const wss = new WebSocketServer({ noServer: true, maxPayload: limits.maxPayload });

  server.on("upgrade", (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    // A browser gone before the answer must not take the process down with an unhandled socket error.
    socket.on("error", () => socket.destroy());
    const url = new URL(req.url ?? "/", "http://localhost");
    if (url.pathname !== LIVE_PATH) return answer(socket, 404, "Not Found", "text/plain", "Not found");
    const credentials = { token: url.searchParams.get("token"), apiKey: url.searchParams.get("apiKey") };
    admit(credentials, {
      identity: useEnv().identity,
      tenant: (id) => withActor({ type: "system", tenant: id }, () => cachedTenant(id)),
    }).then(
      (admission) => {
        if (!admission.ok) return refuseHandshake(socket, admission);
        const tenant = admission.tenant;
        // Checked and taken in one turn: handleUpgrade calls back synchronously once the checks above are done.
        if (hub.listeners(tenant) >= limits.perTenant)
          return refuseHandshake(
            socket,
            refuse(429, "live.too_many", "Too many live connections for this tenant; try again later."),
          );
        wss.handleUpgrade(req, socket, head, (ws) => follow(ws, tenant));
      },
      (err: unknown) => {
        log.error("live handshake failed", { error: err });
        answer(socket, 500, "Internal Server Error", "text/plain", "error");
      },
    );
  });

  const follow = (ws: WebSocket, tenant: string) => {
    const stop = hub.listen(tenant, (event) => ws.send(encodeChangeEvent(event)));
    // A disabled tenant's open sockets are closed; reconnecting is refused by admit().
    const unwatch = hub.whenDisabled(tenant, () => ws.close(LIVE_TENANT_DISABLED, "tenant disabled"));
    let alive = true;
    ws.on("pong", () => {
      alive = true;
    });
    // Whatever the browser sends (keep-alives) resets no state here; too large a frame closes it (1009).
    ws.on("message", () => {
      alive = true;
    });
    const heartbeat = setInterval(() => {
      if (!alive) return ws.terminate();
      alive = false;
      ws.ping();
    }, limits.heartbeatMs);
    heartbeat.unref();
    ws.on("close", () => {
      clearInterval(heartbeat);
      stop();
      unwatch();
    });
    ws.on("error", () => ws.terminate());
  };

  return {
    close() {
      for (const ws of wss.clients) ws.terminate();
      wss.close();
    },
  };
}

function refuseHandshake(socket: Duplex, refusal: Refusal) {
  answer(
    socket,
    refusal.status,
    REFUSAL_TITLES[refusal.status],
    "application/problem+json",
    refusalBody(refusal),
  );
}

/** A plain HTTP answer on a socket that asked to upgrade, then closed: the handshake fails with it. */
function answer(socket: Duplex, status: number, reason: string, type: string, body: string) {
  if (!socket.writable) return socket.destroy();
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: ${type}\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

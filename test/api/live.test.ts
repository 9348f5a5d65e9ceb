import { describe, expect, it } from "vitest";
import { LIVE_LIMITS } from "../../packages/local/src/realtime.ts";
import {
  baseUrl,
  call,
  DEMO_USERS,
  eventually,
  mintToken,
  newTenant,
  signIn,
  testStore,
} from "../support/api.ts";
import { liveUrl, openEvents, refusedHandshake } from "../support/events.ts";

/**
 * The live feed (GET /live upgraded to a WebSocket), the same protocol as the API Gateway WebSocket API:
 * the handshake is checked as the HTTP API checks a call, and a refused one is answered, never upgraded.
 */
describe("the live feed's handshake", () => {
  const problemOf = (body: string) => JSON.parse(body) as { status: number; code: string; detail: string };

  it("refuses a handshake without a token or with a forged one: 401, not upgraded", async () => {
    const acme = await signIn(DEMO_USERS.acme);
    const none = await refusedHandshake(liveUrl({ apiKey: acme.apiKey }));
    expect(none.status).toBe(401);
    expect(problemOf(none.body)).toMatchObject({ status: 401, code: "auth.missing_token" });

    const forged = await mintToken({ sub: "x", "custom:tenant": "acme" }, { key: new Uint8Array(32) });
    const bad = await refusedHandshake(liveUrl({ token: forged, apiKey: acme.apiKey }));
    expect(bad.status).toBe(401);
  });

  it("refuses a handshake without the api key (401) or with another tenant's (403)", async () => {
    const acme = await signIn(DEMO_USERS.acme);
    const globex = await signIn(DEMO_USERS.globex);
    const missing = await refusedHandshake(liveUrl({ token: acme.token }));
    expect(missing.status).toBe(401);
    expect(problemOf(missing.body).code).toBe("auth.missing_api_key");
    const foreign = await refusedHandshake(liveUrl({ token: acme.token, apiKey: globex.apiKey }));
    expect(foreign.status).toBe(403);
    expect(problemOf(foreign.body).code).toBe("auth.api_key_mismatch");
  });

  it("refuses the users of a disabled tenant (403) and admits them again once it is active", async () => {
    const owner = await newTenant([]);
    const store = await testStore();
    await store.entities.tenant.patch({ id: owner.tenant }).set({ status: "Disabled" }).go();
    const url = liveUrl({ token: owner.token, apiKey: owner.apiKey });
    // The change feed drops the server's cached tenant record; until then the old one may still answer.
    const refused = await eventually(
      () => refusedHandshake(url).catch(() => ({ status: 101, body: "{}" })),
      (r) => r.status === 403,
      5000,
    );
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.body).code).toBe("auth.tenant_disabled");

    await store.entities.tenant.patch({ id: owner.tenant }).set({ status: "Active" }).go();
    const reopened = await eventually(
      () =>
        openEvents(owner).then(
          (feed) => feed,
          () => undefined,
        ),
      (feed) => feed !== undefined,
      5000,
    );
    expect(reopened).toBeDefined();
    await reopened?.close();
  });

  it("answers a plain GET of the live path with 426, not the console", async () => {
    const res = await fetch(`${baseUrl()}/live`);
    expect(res.status).toBe(426);
    expect(res.headers.get("upgrade")).toBe("websocket");
  });
});

describe("the live feed's limits", () => {
  it("admits at most LIVE_LIMITS.perTenant sockets per tenant and answers the next with 429", async () => {
    const owner = await newTenant([]);
    const others = await signIn(DEMO_USERS.globex);
    const feeds = await Promise.all(Array.from({ length: LIVE_LIMITS.perTenant }, () => openEvents(owner)));
    try {
      const over = await refusedHandshake(liveUrl({ token: owner.token, apiKey: owner.apiKey }));
      expect(over.status).toBe(429);
      expect(JSON.parse(over.body).code).toBe("live.too_many");
      // Another tenant is not affected, and a freed place is taken again.
      const globexFeed = await openEvents(others);
      await globexFeed.close();
      await feeds.pop()?.close();
      feeds.push(await openEvents(owner));
    } finally {
      await Promise.all(feeds.map((feed) => feed.close()));
    }
  }, 60_000);

  it("closes a socket whose browser sends more than LIVE_LIMITS.maxPayload bytes (1009)", async () => {
    const feed = await openEvents(await signIn(DEMO_USERS.acme));
    feed.ws.send("x".repeat(LIVE_LIMITS.maxPayload + 1));
    expect((await feed.closed).code).toBe(1009);
  });

  it("keeps a socket whose browser sends a small keep-alive", async () => {
    const acme = await signIn(DEMO_USERS.acme);
    const feed = await openEvents(acme);
    try {
      feed.ws.send('{"action":"ping"}');
      await call("/api/tenant-settings", {
        method: "PATCH",
        body: { icCluster: `k${Date.now()}` },
        session: acme,
      });
      expect(await feed.waitFor((e) => e.entity === "tenantSettings" && e.id === "acme")).toBeDefined();
    } finally {
      await feed.close();
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_REST_MAPPING } from "../../packages/core/src/rest-connection/schema.ts";
import { MASK } from "../../packages/core/src/secrets/index.ts";
import { call, expectProblem, newTenant } from "../support/api.ts";
import { type Endpoints, startEndpoints } from "../support/rest-endpoints.ts";

let remote: Endpoints;
beforeAll(async () => {
  remote = await startEndpoints();
});
afterAll(() => remote?.close());

/** Tenant B must not reach tenant A's REST connections by id, nor borrow A's secrets for a Test. */
describe("tenant isolation: REST connections", () => {
  it("another tenant's connection answers 404 exactly like a missing one, for every verb and the Test", async () => {
    const a = await newTenant([]);
    const b = await newTenant([]);
    const body = {
      name: "A connection",
      endpoint: `${remote.url}/ok`,
      mapping: DEFAULT_REST_MAPPING,
      auth: { type: "Bearer_Token", info: { token: "a-secret-token" } },
    };
    const { json: conn } = await call("/api/rest-connections", { method: "POST", body, session: a });
    await call("/api/rest-connections", {
      method: "POST",
      body: { ...body, name: "B connection" },
      session: b,
    });

    const path = `/api/rest-connections/${conn.id}`;
    const missing = expectProblem(await call("/api/rest-connections/does-not-exist", { session: b }), 404);
    const foreign = expectProblem(await call(path, { session: b }), 404);
    expect(foreign.code).toBe(missing.code);
    expect(foreign.detail.replace(conn.id, "X")).toBe(missing.detail.replace("does-not-exist", "X"));
    expectProblem(await call(path, { method: "PUT", body: { ...body, name: "Hacked" }, session: b }), 404);
    expectProblem(await call(path, { method: "DELETE", session: b }), 404);
    // Nor run it (a pull with A's token into B's contacts), nor read or set its schedule.
    const sent = remote.count();
    expectProblem(await call(`${path}/run`, { method: "POST", session: b }), 404);
    expect(remote.count()).toBe(sent);
    expectProblem(await call(`${path}/schedule`, { session: b }), 404);
    expectProblem(
      await call(`${path}/schedule`, { method: "PUT", body: { everyMinutes: 15 }, session: b }),
      404,
    );

    // B names A's connection to have its masked token filled in: refused before any request is sent.
    const before = remote.count();
    const borrowed = await call("/api/rest-connections/test", {
      method: "POST",
      session: b,
      body: {
        id: conn.id,
        endpoint: `${remote.url}/ok`,
        auth: { type: "Bearer_Token", info: { token: MASK } },
      },
    });
    expectProblem(borrowed, 404);
    expect(remote.count()).toBe(before);

    const listA = await call("/api/rest-connections", { session: a });
    const listB = await call("/api/rest-connections", { session: b });
    expect(listA.json.items.map((c: { name: string }) => c.name)).toEqual(["A connection"]);
    expect(listB.json.items.map((c: { name: string }) => c.name)).toEqual(["B connection"]);
    expect((await call(path, { session: a })).json.name).toBe("A connection");

    await call("/api/rest-connections", { method: "POST", body: { ...body, name: "A second" }, session: a });
    const first = await call("/api/rest-connections?limit=1", { session: a });
    expect(first.json.nextCursor).toEqual(expect.any(String));
    const cursor = encodeURIComponent(first.json.nextCursor);
    expectProblem(await call(`/api/rest-connections?cursor=${cursor}`, { session: b }), 400);
  });
});

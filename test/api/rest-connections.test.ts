import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import {
  DEFAULT_REST_MAPPING,
  ENDPOINT_MESSAGE,
  FIELD_REQUIRED_MESSAGE,
  FROM_UNIQUE_MESSAGE,
  LIST_PATH_MESSAGE,
  LIST_PATH_REQUIRED_MESSAGE,
  LIST_PATH_SCRIPT_MESSAGE,
  NAME_REQUIRED_MESSAGE,
  REQUIRED_TARGETS_MESSAGE,
  SALESFORCE_TEST_MESSAGE,
  TO_UNIQUE_MESSAGE,
} from "../../packages/core/src/rest-connection/schema.ts";
import { MASK } from "../../packages/core/src/secrets/index.ts";
import { baseUrl, call, expectProblem, newTenant, type Session, testStore } from "../support/api.ts";
import { type Endpoints, startEndpoints } from "../support/rest-endpoints.ts";

let tenant: Session;
let remote: Endpoints;
beforeAll(async () => {
  [tenant, remote] = await Promise.all([newTenant([]), startEndpoints()]);
}, 30_000);
afterAll(() => remote?.close());

const TOKEN = "bearer-secret-7c1f0a";
const connection = (overrides: Record<string, unknown> = {}) => ({
  name: "Leads API",
  endpoint: `${remote.url}/ok`,
  mapping: DEFAULT_REST_MAPPING,
  auth: { type: "Bearer_Token", info: { token: TOKEN } },
  ...overrides,
});
const create = (body: unknown) => call("/api/rest-connections", { method: "POST", body, session: tenant });
const test = (body: unknown, session = tenant) =>
  call("/api/rest-connections/test", { method: "POST", body, session });

describe("REST connections", () => {
  it("creates one with the spec's defaults, answers its secret masked, lists, replaces and deletes it", async () => {
    const created = await create(connection({ name: " Leads API " }));
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      tenant: tenant.tenant,
      name: "Leads API",
      method: "GET",
      enabled: true,
      listPath: "$.contacts",
      headers: [],
      params: [],
      auth: { type: "Bearer_Token", info: { token: MASK } },
    });
    expect(created.text).not.toContain(TOKEN);
    const path = `/api/rest-connections/${created.json.id}`;
    expect((await call(path, { session: tenant })).json).toEqual(created.json);

    // Sealed at rest: the raw item holds no clear token.
    const raw = await (await testStore()).entities.restConnection
      .get({ tenant: tenant.tenant, id: created.json.id })
      .go();
    expect(raw.data?.auth.info?.token).toEqual(expect.any(String));
    expect(JSON.stringify(raw.data)).not.toContain(TOKEN);

    const list = await call("/api/rest-connections", { session: tenant });
    expect(list.json.items[0]).toEqual({
      id: created.json.id,
      name: "Leads API",
      enabled: true,
      createdAt: created.json.createdAt,
      updatedAt: created.json.updatedAt,
    });

    // MASK sent back keeps the token: the Test of the saved connection sends the original one.
    const replaced = await call(path, {
      method: "PUT",
      session: tenant,
      body: connection({
        name: "Leads API 2",
        enabled: false,
        auth: { type: "Bearer_Token", info: { token: MASK } },
      }),
    });
    expect(replaced.status).toBe(200);
    expect(replaced.json).toMatchObject({
      name: "Leads API 2",
      enabled: false,
      createdAt: created.json.createdAt,
    });
    const sent = await test({ id: created.json.id, endpoint: `${remote.url}/ok`, auth: replaced.json.auth });
    expect(sent.json.status).toBe(200);
    expect(remote.last()?.headers.authorization).toBe(`Bearer ${TOKEN}`);

    // A MASK for a type the connection never had keeps nothing.
    const basic = { type: "Basic_Auth", info: { username: "ann", password: MASK } };
    const refused = expectProblem(
      await call(path, { method: "PUT", session: tenant, body: connection({ auth: basic }) }),
      400,
    );
    expect(refused.errors).toEqual([{ path: "auth.info.password", message: expect.any(String) }]);
    expectProblem(await create(connection({ auth: { type: "Bearer_Token", info: { token: MASK } } })), 400);

    expect((await call(path, { method: "DELETE", session: tenant })).status).toBe(204);
    expect(expectProblem(await call(path, { session: tenant }), 404).code).toBe("rest_connection.not_found");
    expectProblem(await call(path, { method: "DELETE", session: tenant }), 404);
    expectProblem(await call(path, { method: "PUT", session: tenant, body: connection() }), 404);
  });

  it("lists newest first by default, oldest first with ?order=asc, each order with its own cursors", async () => {
    const own = await newTenant([]);
    for (const name of ["First", "Second", "Third"])
      expect(
        (await call("/api/rest-connections", { method: "POST", session: own, body: connection({ name }) }))
          .status,
      ).toBe(201);
    const names = (res: { json: { items: { name: string }[] } }) => res.json.items.map((c) => c.name);
    expect(names(await call("/api/rest-connections", { session: own }))).toEqual([
      "Third",
      "Second",
      "First",
    ]);
    const asc = await call("/api/rest-connections?order=asc&limit=2", { session: own });
    expect(names(asc)).toEqual(["First", "Second"]);
    const cursor = encodeURIComponent(asc.json.nextCursor);
    const rest = await call(`/api/rest-connections?order=asc&limit=2&cursor=${cursor}`, { session: own });
    expect(names(rest)).toEqual(["Third"]);
    expectProblem(await call(`/api/rest-connections?limit=2&cursor=${cursor}`, { session: own }), 400);
    expectProblem(await call("/api/rest-connections?order=name", { session: own }), 400);
  }, 30_000);

  it("answers each of the spec's messages under the field the editor shows it on", async () => {
    const errors = async (body: unknown) => expectProblem(await create(body), 400).errors;
    expect(await errors(connection({ name: "" }))).toEqual([
      { path: "name", message: NAME_REQUIRED_MESSAGE },
    ]);
    expect(await errors(connection({ endpoint: "example.com/x" }))).toEqual([
      { path: "endpoint", message: ENDPOINT_MESSAGE },
    ]);
    expect(await errors(connection({ headers: [{ key: "", value: "1" }] }))).toEqual([
      { path: "headers.0.key", message: FIELD_REQUIRED_MESSAGE },
    ]);
    expect(await errors(connection({ listPath: " " }))).toEqual([
      { path: "listPath", message: LIST_PATH_REQUIRED_MESSAGE },
    ]);
    expect(await errors(connection({ listPath: "$.results[?(@.active)]" }))).toEqual([
      { path: "listPath", message: LIST_PATH_SCRIPT_MESSAGE },
    ]);
    expect(await errors(connection({ listPath: "data.contacts" }))).toEqual([
      { path: "listPath", message: LIST_PATH_MESSAGE },
    ]);
    expect(await errors(connection({ mapping: DEFAULT_REST_MAPPING.slice(1) }))).toEqual([
      { path: "mapping", message: REQUIRED_TARGETS_MESSAGE },
    ]);
    const twice = [...DEFAULT_REST_MAPPING, { from: "phone", to: "phone" }];
    expect(await errors(connection({ mapping: twice }))).toEqual([
      { path: "mapping.3.from", message: FROM_UNIQUE_MESSAGE },
      { path: "mapping.3.to", message: TO_UNIQUE_MESSAGE },
    ]);
    // Only the chosen type's fields; no unknown keys; no custom field the tenant lacks.
    expectProblem(
      await create(connection({ auth: { type: "Bearer_Token", info: { token: "t", password: "p" } } })),
      400,
    );
    expectProblem(await create(connection({ color: "red" })), 400);
    expectProblem(await create(connection({ method: "DELETE" })), 400);
    const custom = [...DEFAULT_REST_MAPPING, { from: "tier", to: "custom:tier" }];
    expect(await errors(connection({ mapping: custom }))).toEqual([
      { path: "mapping.3.to", message: "Unknown custom field: tier" },
    ]);
  });
});

describe("the Test", () => {
  it("sends the configured request and answers a log entry with the status, an excerpt and the list found", async () => {
    const log = await test({
      endpoint: `${remote.url}/ok?region=west`,
      method: "POST",
      headers: [{ key: "X-Team", value: "blue" }],
      params: [{ key: "page", value: "2" }],
      auth: { type: "API_Key", info: { key: "api_key", value: "k-123", addTo: "queryParams" } },
    });
    expect(log.status).toBe(200);
    expect(log.json).toMatchObject({
      method: "POST",
      status: 200,
      error: null,
      note: "Found 2 contacts at $.contacts.",
    });
    expect(log.json.excerpt).toContain('"contacts"');
    const seen = remote.last();
    expect(seen?.method).toBe("POST");
    expect(seen?.url).toBe("/ok?region=west&page=2&api_key=k-123");
    expect(seen?.headers["x-team"]).toBe("blue");
    expect(seen?.headers["content-length"]).toBe("0");

    const basic = await test({
      endpoint: `${remote.url}/ok`,
      listPath: "$.missing",
      auth: { type: "Basic_Auth", info: { username: "ann", password: "pw" } },
    });
    expect(basic.json.note).toBe("Nothing at $.missing.");
    expect(remote.last()?.headers.authorization).toBe(`Basic ${Buffer.from("ann:pw").toString("base64")}`);
  });

  it("reads the list path as the pull does: a wildcard's matches, recursive descent, a refused filter", async () => {
    remote.people.splice(0, remote.people.length, { first: "Ada" }, { first: "Alan" }, { first: "Grace" });
    const wrapped = await test({ endpoint: `${remote.url}/wrapped`, listPath: "$.data[*].person" });
    expect(wrapped.json.note).toBe("Found 3 contacts at $.data[*].person.");
    const descent = await test({ endpoint: `${remote.url}/ok`, listPath: "$..contacts" });
    expect(descent.json.note).toBe("Found 2 contacts at $..contacts.");
    const one = await test({ endpoint: `${remote.url}/ok`, listPath: "$.contacts[1:]" });
    expect(one.json.note).toBe("Found 1 contact at $.contacts[1:].");
    const notList = await test({ endpoint: `${remote.url}/ok`, listPath: "$.contacts[0]" });
    expect(notList.json.note).toBe("The value at $.contacts[0] is not a list.");
    const filter = await test({ endpoint: `${remote.url}/ok`, listPath: "$.contacts[?(@.phone)]" });
    expect(filter.json.note).toBe("$.contacts[?(@.phone)] is not a path this product reads.");
  });

  it("a 500, garbage, a 50 MB answer and a hang each give a clear entry", async () => {
    const failed = (await test({ endpoint: `${remote.url}/fail` })).json;
    expect(failed).toMatchObject({ status: 500, excerpt: "upstream exploded", error: null, note: null });
    const garbage = (await test({ endpoint: `${remote.url}/garbage` })).json;
    expect(garbage).toMatchObject({ status: 200, note: "The answer is not JSON." });
    expect(garbage.excerpt.length).toBeLessThanOrEqual(2000);
    const huge = (await test({ endpoint: `${remote.url}/huge` })).json;
    expect(huge).toMatchObject({ status: null, excerpt: "" });
    expect(huge.error).toMatch(/larger than 1 MB/);
    const hang = (await test({ endpoint: `${remote.url}/hang` })).json;
    expect(hang).toMatchObject({ status: null, error: "No answer within 8 s." });
    const closed = (await test({ endpoint: "http://127.0.0.1:9/nothing" })).json;
    expect(closed.error).toMatch(/Could not reach the endpoint/);
  }, 30_000);

  it("refuses SalesForce with the spec's sentence, and a MASK without a saved connection", async () => {
    const sf = {
      type: "SalesForce",
      info: { username: "a", loginUrl: "https://login.salesforce.com", issuer: "i" },
    };
    const refused = expectProblem(await test({ endpoint: `${remote.url}/ok`, auth: sf }), 400);
    expect(refused.detail).toBe(SALESFORCE_TEST_MESSAGE);
    const masked = { type: "Bearer_Token", info: { token: MASK } };
    expectProblem(await test({ endpoint: `${remote.url}/ok`, auth: masked }), 400);
    expectProblem(await test({ endpoint: `${remote.url}/ok`, auth: masked, id: "no-such-id" }), 404);
  });
});

describe("the Test's outbound policy (docs/decisions.md, Outbound requests)", () => {
  const refused = async (endpoint: string) => {
    const log = await test({ endpoint });
    expect(log.status, log.text).toBe(200);
    expect(log.json).toMatchObject({ status: null, excerpt: "" });
    expect(log.json.error).toMatch(/^Request not sent: /);
  };

  it("never reaches the instance metadata service, whatever the spelling", async () => {
    await refused("http://169.254.169.254/latest/meta-data/iam/security-credentials/");
    await refused("http://[::ffff:169.254.169.254]/latest/meta-data/");
    await refused("http://[fe80::1]/");
  });

  it("never reaches the instance's own API, by address or by a name resolving to it", async () => {
    const own = new URL(baseUrl());
    await refused(`${own.origin}/api/admin/tenant`);
    await refused(`http://localhost:${own.port}/api/health`);
    // Nor the embedded store, which checks no signatures.
    const store = new URL(inject("dynamoEndpoint"));
    await refused(`http://127.0.0.1:${store.port}/`);
    await refused(`http://localhost:${store.port}/`);
    expect(remote.count()).toBeGreaterThan(0);
  });

  it("does not follow a redirect inward: the 3xx is the answer", async () => {
    const before = remote.count();
    const log = (await test({ endpoint: `${remote.url}/redirect` })).json;
    expect(log).toMatchObject({ status: 302, error: null, note: null });
    expect(remote.count()).toBe(before + 1);
  });
});

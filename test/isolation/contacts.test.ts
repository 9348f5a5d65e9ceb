import { describe, expect, it } from "vitest";
import { call, DEMO_USERS, expectProblem, newTenant, signIn } from "../support/api.ts";

/** Tenant B (a fresh tenant holding ReachCX) must not reach tenant A's contacts or activity by id. */
describe("tenant isolation: contacts", () => {
  it("another tenant's contact answers 404 exactly like a missing one, for every verb", async () => {
    const acme = await signIn(DEMO_USERS.acme);
    const other = await newTenant(["ListManager"]);

    const { json: contact } = await call("/api/contacts", {
      method: "POST",
      body: { firstName: "Ann", lastName: "Acme", phone: "3035550101" },
      session: acme,
    });
    await call(`/api/contacts/${contact.id}/notes`, {
      method: "POST",
      body: { title: "Secret", body: "private" },
      session: acme,
    });

    const missing = expectProblem(await call("/api/contacts/does-not-exist", { session: other }), 404);
    const foreign = expectProblem(await call(`/api/contacts/${contact.id}`, { session: other }), 404);
    expect(foreign.code).toBe(missing.code);
    expect(foreign.detail.replace(contact.id, "X")).toBe(missing.detail.replace("does-not-exist", "X"));

    expectProblem(
      await call(`/api/contacts/${contact.id}`, {
        method: "PATCH",
        body: { lastName: "Hacked" },
        session: other,
      }),
      404,
    );
    expectProblem(await call(`/api/contacts/${contact.id}`, { method: "DELETE", session: other }), 404);
    expectProblem(await call(`/api/contacts/${contact.id}/activity`, { session: other }), 404);
    expectProblem(
      await call(`/api/contacts/${contact.id}/notes`, {
        method: "POST",
        body: { title: "x1", body: "y1" },
        session: other,
      }),
      404,
    );
    // Upserting the same externalId in B creates B's own contact, never touches A's.
    const ext = `shared-${Date.now()}`;
    const a = await call(`/api/contacts/external/${ext}`, {
      method: "PUT",
      body: { firstName: "A", lastName: "Aa", phone: "3035550102" },
      session: acme,
    });
    const b = await call(`/api/contacts/external/${ext}`, {
      method: "PUT",
      body: { firstName: "B", lastName: "Bb", phone: "3035550103" },
      session: other,
    });
    expect(b.json.id).not.toBe(a.json.id);
    expect((await call(`/api/contacts/${a.json.id}`, { session: acme })).json.firstName).toBe("A");

    const still = await call(`/api/contacts/${contact.id}`, { session: acme });
    expect(still.json.lastName).toBe("Acme");
    expect((await call(`/api/contacts/${contact.id}/activity`, { session: acme })).json.items).toHaveLength(
      1,
    );
  });
});

describe("tenant isolation: contact search", () => {
  it("tenant B finds none of tenant A's contacts by search, by query or by A's cursor", async () => {
    const acme = await signIn(DEMO_USERS.acme);
    const marker = `isomarker${Date.now()}`;
    for (let i = 0; i < 3; i++)
      await call("/api/contacts", {
        method: "POST",
        body: { firstName: "Iso", lastName: `Person${i}`, phone: "3035550111", source: marker },
        session: acme,
      });
    const deadline = Date.now() + 2000;
    let mine: any;
    do {
      mine = await call(`/api/contacts?search=${marker}&limit=1`, { session: acme });
    } while (mine.json.total < 3 && Date.now() < deadline);
    expect(mine.json.total).toBe(3);

    const other = await newTenant(["ListManager"]);

    expect((await call(`/api/contacts?search=${marker}`, { session: other })).json).toMatchObject({
      total: 0,
      items: [],
    });
    const byQuery = await call("/api/contacts/query", {
      method: "POST",
      body: { query: { type: "rule", field: "source", operator: "eq", value: marker } },
      session: other,
    });
    expect(byQuery.json).toMatchObject({ total: 0, items: [] });
    // A search cursor is tagged with its tenant: replayed by another tenant it is refused, not re-read.
    const withCursor = await call(
      `/api/contacts?search=${marker}&limit=1&cursor=${encodeURIComponent(mine.json.nextCursor)}`,
      { session: other },
    );
    expect(expectProblem(withCursor, 400).code).toBe("request.invalid_cursor");
    const queryCursor = await call("/api/contacts/query", {
      method: "POST",
      body: { query: null, cursor: mine.json.nextCursor },
      session: other,
    });
    expect(expectProblem(queryCursor, 400).code).toBe("request.invalid_cursor");
    const second = await call(
      `/api/contacts?search=${marker}&limit=1&cursor=${encodeURIComponent(mine.json.nextCursor)}`,
      { session: acme },
    );
    expect(second.json.items).toHaveLength(1);
    const everything = await call("/api/contacts?limit=500", { session: other });
    expect(everything.json.items.every((c: { tenant: string }) => c.tenant === other.tenant)).toBe(true);
  });
});

describe("tenant isolation: activity cursors", () => {
  it("tenant A's activity cursor replayed by tenant B on B's contact reveals nothing of A", async () => {
    const acme = await signIn(DEMO_USERS.acme);
    const other = await newTenant(["ListManager"]);
    const create = (session: typeof acme) =>
      call("/api/contacts", {
        method: "POST",
        body: { firstName: "Cur", lastName: "Sor", phone: "3035550112" },
        session,
      });
    const mine = (await create(acme)).json;
    const theirs = (await create(other)).json;
    for (const n of [1, 2, 3])
      await call(`/api/contacts/${mine.id}/notes`, {
        method: "POST",
        body: { title: `A secret ${n}`, body: "<p>only for A</p>" },
        session: acme,
      });
    const page = await call(`/api/contacts/${mine.id}/activity?limit=1`, { session: acme });
    const cursor = encodeURIComponent(page.json.nextCursor);

    const replayed = await call(`/api/contacts/${theirs.id}/activity?cursor=${cursor}`, { session: other });
    // Cursors are tagged with the tenant and the list: refused as a bad cursor, never A's notes, never a 500.
    expect(expectProblem(replayed, 400).detail).toBe("The cursor is not valid.");
    expect(replayed.text).not.toContain("A secret");
    expectProblem(await call(`/api/contacts/${mine.id}/activity?cursor=${cursor}`, { session: other }), 404);
  });
});

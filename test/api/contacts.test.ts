import { beforeAll, describe, expect, it } from "vitest";
import {
  call,
  DEMO_USERS,
  eventually,
  expectProblem,
  newTenant,
  type Session,
  signIn,
} from "../support/api.ts";

let acme: Session;
beforeAll(async () => {
  acme = await signIn(DEMO_USERS.acme);
  // Custom fields the contacts below use (spec: custom:{name} keys typed by the tenant's fields).
  const res = await call("/api/tenant-settings", {
    method: "PATCH",
    body: {
      customFields: [
        { name: "balancedue", displayName: "Balance Due", type: "Number" },
        { name: "lastpayment", displayName: "Last Payment", type: "DateTime" },
        { name: "vip", displayName: "VIP", type: "Boolean" },
        { name: "accountref", displayName: "Account Ref", type: "String" },
      ],
    },
    session: acme,
  });
  expect(res.status).toBe(200);
});

const mary = {
  firstName: "Mary-Ann",
  lastName: "Smith",
  phone: "303-555-1234",
  email: "mary@example.com",
  state: "CO",
  source: "",
  customFields: { "custom:balancedue": "125.50", "custom:vip": true },
};

describe("contacts", () => {
  it("creates, reads, changes and deletes a contact; empty strings are stored as nothing", async () => {
    const created = await call("/api/contacts", { method: "POST", body: mary, session: acme });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      tenant: "acme",
      firstName: "Mary-Ann",
      timeZone: "Mountain",
      status: "Active",
      updatedBy: DEMO_USERS.acme,
      customFields: { "custom:balancedue": 125.5, "custom:vip": true },
    });
    expect(created.json.source).toBeUndefined();
    const id = created.json.id;

    expect((await call(`/api/contacts/${id}`, { session: acme })).json.email).toBe("mary@example.com");

    const changed = await call(`/api/contacts/${id}`, {
      method: "PATCH",
      body: {
        email: "",
        cell: "13035550000",
        customFields: { "custom:vip": null, "custom:accountref": "A-1" },
      },
      session: acme,
    });
    expect(changed.status).toBe(200);
    expect(changed.json.email).toBeUndefined();
    expect(changed.json.cell).toBe("13035550000");
    expect(changed.json.customFields).toEqual({ "custom:balancedue": 125.5, "custom:accountref": "A-1" });

    const removed = await call(`/api/contacts/${id}`, { method: "DELETE", session: acme });
    expect(removed.status).toBe(204);
    expectProblem(await call(`/api/contacts/${id}`, { session: acme }), 404);
    const activity = await call(`/api/contacts/${id}/activity`, { session: acme });
    expectProblem(activity, 404);
  });

  it("tells in a Server-Timing header where a list's time went: auth, search, store and total", async () => {
    const created = await call("/api/contacts", {
      method: "POST",
      body: { ...mary, lastName: "Timingham", customFields: {} },
      session: acme,
    });
    expect(created.status).toBe(201);
    const listed = await eventually(
      () => call("/api/contacts?search=timingham&limit=10", { session: acme }),
      (res) => res.json.items?.length === 1,
      20_000,
    );
    const metrics = (listed.headers.get("server-timing") ?? "").split(", ");
    // In the order first timed: a store read of the auth check (tenant not cached) comes before the search.
    expect(metrics.map((m) => m.split(";")[0]).sort()).toEqual(["auth", "search", "store", "total"]);
    expect(metrics.at(-1)).toMatch(/^total;/);
    for (const metric of metrics) expect(metric).toMatch(/^[a-z]+;dur=\d+\.\d$/);
    await call(`/api/contacts/${created.json.id}`, { method: "DELETE", session: acme });
  });

  it("answers the spec's messages for bad input and writes nothing", async () => {
    const bad = expectProblem(
      await call("/api/contacts", {
        method: "POST",
        body: {
          firstName: "",
          lastName: "123",
          phone: "12345",
          email: "nope",
          zip: "12345678901234",
          source: "x".repeat(41),
        },
        session: acme,
      }),
      400,
    );
    const byPath = Object.fromEntries(bad.errors.map((e) => [e.path, e.message]));
    expect(byPath).toMatchObject({
      firstName: "Please supply a first name",
      lastName: "Please enter a valid last name",
      phone: "Please enter a valid phone number",
      email: "Please enter a valid email address",
      zip: "Please enter a valid zip code",
      source: "Must be 40 characters or less",
    });
    const noPhone = expectProblem(
      await call("/api/contacts", { method: "POST", body: { firstName: "A", lastName: "B" }, session: acme }),
      400,
    );
    expect(noPhone.errors).toContainEqual({ path: "phone", message: "Please supply phone or cell number" });
    const longName = expectProblem(
      await call("/api/contacts", {
        method: "POST",
        body: { ...mary, firstName: "x".repeat(21) },
        session: acme,
      }),
      400,
    );
    expect(longName.errors[0]?.message).toBe("Must be 20 characters or less");
    const badState = expectProblem(
      await call("/api/contacts", { method: "POST", body: { ...mary, state: "Colorado" }, session: acme }),
      400,
    );
    expect(badState.errors).toEqual([{ path: "state", message: "Please select a US state" }]);
    const badZone = expectProblem(
      await call("/api/contacts", { method: "POST", body: { ...mary, timeZone: "Mars" }, session: acme }),
      400,
    );
    expect(badZone.errors).toEqual([{ path: "timeZone", message: "Please select a time zone" }]);
  });

  it("takes accented letters in names and places, and any zone of the time-zone list", async () => {
    const res = await call("/api/contacts", {
      method: "POST",
      body: { ...mary, firstName: "José", lastName: "Núñez-García", city: "Bogotá", timeZone: "Bogota" },
      session: acme,
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ firstName: "José", lastName: "Núñez-García", city: "Bogotá" });
  });

  it("refuses unknown custom fields and values of the wrong type", async () => {
    const unknown = expectProblem(
      await call("/api/contacts", {
        method: "POST",
        body: { ...mary, customFields: { "custom:nope": "x" } },
        session: acme,
      }),
      400,
    );
    expect(unknown.errors).toEqual([
      { path: "customFields.custom:nope", message: "Unknown custom field: nope" },
    ]);
    const wrong = expectProblem(
      await call("/api/contacts", {
        method: "POST",
        body: { ...mary, customFields: { "custom:balancedue": "lots" } },
        session: acme,
      }),
      400,
    );
    expect(wrong.errors[0]?.message).toBe("Balance Due must be a number");
  });

  it("keeps phone or cell on a change", async () => {
    const { json } = await call("/api/contacts", { method: "POST", body: mary, session: acme });
    const res = await call(`/api/contacts/${json.id}`, {
      method: "PATCH",
      body: { phone: null },
      session: acme,
    });
    expect(expectProblem(res, 400).errors).toContainEqual({
      path: "phone",
      message: "Please supply phone or cell number",
    });
    expect((await call(`/api/contacts/${json.id}`, { session: acme })).json.phone).toBe("303-555-1234");
  });

  it("upserts by externalId", async () => {
    const externalId = `ext-${Date.now()}`;
    const first = await call(`/api/contacts/external/${externalId}`, {
      method: "PUT",
      body: mary,
      session: acme,
    });
    const second = await call(`/api/contacts/external/${externalId}`, {
      method: "PUT",
      body: { ...mary, lastName: "Jones" },
      session: acme,
    });
    expect(second.json.id).toBe(first.json.id);
    expect(second.json.lastName).toBe("Jones");
  });

  it("notes need a word in title and body, and show in the activity newest first", async () => {
    const { json } = await call("/api/contacts", { method: "POST", body: mary, session: acme });
    const empty = expectProblem(
      await call(`/api/contacts/${json.id}/notes`, {
        method: "POST",
        body: { title: " - ", body: "<p> </p>" },
        session: acme,
      }),
      400,
    );
    expect(Object.fromEntries(empty.errors.map((e) => [e.path, e.message]))).toEqual({
      title: "Note title cannot be empty.",
      body: "Note body cannot be empty.",
    });
    for (const n of [1, 2, 3, 4, 5, 6]) {
      const note = await call(`/api/contacts/${json.id}/notes`, {
        method: "POST",
        body: { title: `Call ${n}`, body: `<p>Spoke with <b>Mary</b> (${n})</p>` },
        session: acme,
      });
      expect(note.status).toBe(201);
    }
    const page = await call(`/api/contacts/${json.id}/activity`, { session: acme });
    expect(page.json.items.map((a: { title: string }) => a.title)).toEqual([
      "Call 6",
      "Call 5",
      "Call 4",
      "Call 3",
      "Call 2",
    ]);
    expect(page.json.items[0]).toMatchObject({ type: "Note", agent: DEMO_USERS.acme, contactStatus: "" });
    const rest = await call(
      `/api/contacts/${json.id}/activity?cursor=${encodeURIComponent(page.json.nextCursor)}`,
      {
        session: acme,
      },
    );
    expect(rest.json.items.map((a: { title: string }) => a.title)).toEqual(["Call 1"]);
  });

  it("keeps devices of a known platform and balances as numbers, only with the PromptPay licence", async () => {
    const { json } = await call("/api/contacts", { method: "POST", body: mary, session: acme });
    const devices = await call(`/api/contacts/${json.id}`, {
      method: "PATCH",
      body: { mobileDevices: [{ id: "phone-1", type: "blackberry" }] },
      session: acme,
    });
    expect(expectProblem(devices, 400).errors[0]).toMatchObject({
      message: "A device needs a type: android or ios.",
    });
    const balances = await call(`/api/contacts/${json.id}`, {
      method: "PATCH",
      body: {
        mobileDevices: [{ id: "phone-1", type: "ios" }],
        balances: [{ id: "B-1", type: "Loan", amount: "120.75", age: "31" }],
      },
      session: acme,
    });
    expect(balances.status).toBe(200);
    expect(balances.json).toMatchObject({
      mobileDevices: [{ id: "phone-1", type: "ios" }],
      balances: [{ id: "B-1", type: "Loan", amount: 120.75, age: 31 }],
    });
    const bad = await call(`/api/contacts/${json.id}`, {
      method: "PATCH",
      body: { balances: [{ id: "B-2", type: "Loan", amount: "lots", age: 3 }] },
      session: acme,
    });
    expect(expectProblem(bad, 400).errors[0]?.message).toBe("The amount must be a number.");
    // A new balance needs all four values (spec 002 §5): a blank amount or age is not 0.
    const blank = await call(`/api/contacts/${json.id}`, {
      method: "PATCH",
      body: { balances: [{ id: "B-3", type: "Loan", amount: "", age: " " }] },
      session: acme,
    });
    expect(expectProblem(blank, 400).errors.map((e) => e.message)).toEqual([
      "The amount must be a number.",
      "The age must be a number.",
    ]);
    expect((await call(`/api/contacts/${json.id}`, { session: acme })).json.balances).toEqual([
      { id: "B-1", type: "Loan", amount: 120.75, age: 31 },
    ]);

    // A ReachCX tenant without PromptPay keeps contacts but may not set balances (spec 003 §6).
    const other = await newTenant(["ListManager"]);
    const created = await call("/api/contacts", {
      method: "POST",
      body: { ...mary, customFields: {} },
      session: other,
    });
    expect(created.status).toBe(201);
    const refused = await call(`/api/contacts/${created.json.id}`, {
      method: "PATCH",
      body: { balances: [{ id: "B-1", type: "Loan", amount: 1, age: 1 }] },
      session: other,
    });
    expect(expectProblem(refused, 403).detail).toBe("Balances need the PromptPay licence.");
    expect(
      (await call(`/api/contacts/${created.json.id}`, { session: other })).json.balances,
    ).toBeUndefined();
  });

  it("needs the Inventory Management right and a ReachCX or C3 licence", async () => {
    const globex = await signIn(DEMO_USERS.globex);
    expect(
      expectProblem(await call("/api/contacts", { method: "POST", body: mary, session: globex }), 403).code,
    ).toBe("auth.not_licensed");
    expectProblem(await call("/api/contacts", { method: "POST", body: mary }), 401);
  });
});

import { beforeEach, describe, expect, it } from "vitest";
import { call, expectProblem, newTenant, type Session, testStore } from "../support/api.ts";

/** Spec 001 §4-§5: add derives a lower-case name, at least 3 characters, unique; delete keeps contact data. */
let owner: Session;
beforeEach(async () => {
  owner = await newTenant(["ListManager"]);
});

const add = (body: unknown, session = owner) => call("/api/custom-fields", { method: "POST", body, session });
const names = async () =>
  ((await call("/api/custom-fields", { session: owner })).json.items as { name: string }[]).map(
    (f) => f.name,
  );

describe("adding a custom field", () => {
  it("names it from the display name, lower-cased, and lists it", async () => {
    const res = await add({ displayName: "  Balance Due ", type: "Number" });
    expect(res.status).toBe(201);
    expect(res.json).toEqual({ name: "balancedue", displayName: "Balance Due", type: "Number" });
    // A name the client sends is not taken: the body is strict.
    const picked = expectProblem(
      await add({ name: "MixedCase", displayName: "Mixed Case", type: "String" }),
      400,
    );
    expect(picked.errors.map((e) => e.path)).toContain("name");
    expect((await call("/api/custom-fields", { session: owner })).json.items).toEqual([
      { name: "balancedue", displayName: "Balance Due", type: "Number" },
    ]);
    // The user's context carries the new field, so the contact screens see it.
    expect((await call("/api/auth/me", { session: owner })).json.context.customFields).toContainEqual({
      name: "balancedue",
      displayName: "Balance Due",
      type: "Number",
    });
  });

  it.each([["ab"], ["  ab  "], ["a-b"], ["!!!!"]])(
    "refuses %j: 'Custom fields need at least 3 characters'",
    async (displayName) => {
      const problem = expectProblem(await add({ displayName, type: "String" }), 400);
      expect(problem.errors).toContainEqual({
        path: "displayName",
        message: "Custom fields need at least 3 characters",
      });
      expect(await names()).toEqual([]);
    },
  );

  it.each([
    ["Balance Due"],
    ["BALANCE DUE"],
    ["balance-due"],
    ["First Name"],
    ["Phone"],
    ["Time Zone"],
    ["external ID"],
  ])("refuses %j once Balance Due exists: 'Custom fields must be unique'", async (displayName) => {
    expect((await add({ displayName: "Balance Due", type: "Number" })).status).toBe(201);
    const problem = expectProblem(await add({ displayName, type: "String" }), 400);
    expect(problem.errors).toEqual([{ path: "displayName", message: "Custom fields must be unique" }]);
    expect(await names()).toEqual(["balancedue"]);
  });

  it("is unique against an older mixed-case field too", async () => {
    const store = await testStore();
    await store.entities.tenantSettings
      .patch({ tenant: owner.tenant })
      .set({ customFields: [{ name: "accountRef", displayName: "Account Ref", type: "String" }] })
      .go();
    expectProblem(await add({ displayName: "Account Ref", type: "String" }), 400);
    expect(await names()).toEqual(["accountRef"]);
  });

  it("offers String, Number, DateTime and Boolean; Phone is not created any more", async () => {
    for (const type of ["String", "Number", "DateTime", "Boolean"])
      expect((await add({ displayName: `Field ${type}`, type })).status).toBe(201);
    for (const type of ["Phone", "Text", "", null]) {
      const problem = expectProblem(await add({ displayName: "Field Other", type }), 400);
      expect(problem.errors).toContainEqual({ path: "type", message: "Please select a field type" });
    }
    expect(await names()).toEqual(["fieldstring", "fieldnumber", "fielddatetime", "fieldboolean"]);
  });

  it("refuses a missing or oversized display name and a non-object body", async () => {
    expectProblem(await add({ type: "String" }), 400);
    expectProblem(await add({ displayName: "x".repeat(51), type: "String" }), 400);
    expectProblem(await add(["Balance Due"]), 400);
    expect(await names()).toEqual([]);
  });

  it("two admins adding at once both land", async () => {
    const labels = Array.from({ length: 6 }, (_, i) => `Parallel Field ${i}`);
    const answers = await Promise.all(labels.map((displayName) => add({ displayName, type: "String" })));
    expect(answers.map((a) => a.status)).toEqual(labels.map(() => 201));
    expect((await names()).sort()).toEqual(labels.map((l) => l.replaceAll(" ", "").toLowerCase()).sort());
  });

  it("two admins adding the same name at once: one lands, the other is told it is not unique", async () => {
    const answers = await Promise.all([0, 1, 2].map(() => add({ displayName: "Same Name", type: "String" })));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 400, 400]);
    expect(await names()).toEqual(["samename"]);
  });
});

describe("deleting a custom field", () => {
  it("removes the definition and keeps the contacts' values", async () => {
    expect((await add({ displayName: "Loyalty Tier", type: "String" })).status).toBe(201);
    const contact = await call("/api/contacts", {
      method: "POST",
      body: {
        firstName: "Kay",
        lastName: "Keep",
        phone: "3035550190",
        customFields: { "custom:loyaltytier": "gold" },
      },
      session: owner,
    });
    expect(contact.status).toBe(201);

    const removed = await call("/api/custom-fields/loyaltytier", { method: "DELETE", session: owner });
    expect(removed.status).toBe(204);
    expect(await names()).toEqual([]);
    expectProblem(await call("/api/custom-fields/loyaltytier", { method: "DELETE", session: owner }), 404);

    // The value is still stored on the contact, and shows again when the field comes back.
    const store = await testStore();
    const raw = (await store.entities.contact.get({ tenant: owner.tenant, id: contact.json.id }).go()).data;
    expect(raw?.customFields).toMatchObject({ "custom:loyaltytier": "gold" });
    expect((await add({ displayName: "Loyalty Tier", type: "String" })).status).toBe(201);
    const again = await call(`/api/contacts/${contact.json.id}`, { session: owner });
    expect(again.json.customFields).toEqual({ "custom:loyaltytier": "gold" });
  });

  it("reaches the contact list at once: a sort by it works right after the add, and is refused right after the delete", async () => {
    const sorted = () => call("/api/contacts?sort=custom:tier:asc&limit=5", { session: owner });
    // Read once first, so the list's cached definitions (none yet) are what the add must replace.
    expectProblem(await sorted(), 400);
    expect((await add({ displayName: "Tier", type: "String" })).status).toBe(201);
    expect((await sorted()).status).toBe(200);
    expect((await call("/api/custom-fields/tier", { method: "DELETE", session: owner })).status).toBe(204);
    expectProblem(await sorted(), 400);
  });

  it("answers 400 for a name that cannot be one, 404 for one that is not there", async () => {
    expectProblem(await call("/api/custom-fields/has%20space", { method: "DELETE", session: owner }), 400);
    expectProblem(await call("/api/custom-fields/nothere", { method: "DELETE", session: owner }), 404);
  });
});

describe("the whole list through PATCH /api/tenant-settings", () => {
  it("refuses duplicates ignoring case, built-in names, short names and a new name not derived", async () => {
    const patch = (customFields: unknown) =>
      call("/api/tenant-settings", { method: "PATCH", body: { customFields }, session: owner });
    const dup = expectProblem(
      await patch([
        { name: "vip", displayName: "VIP", type: "Boolean" },
        { name: "VIP", displayName: "Very VIP", type: "Boolean" },
      ]),
      400,
    );
    expect(dup.errors).toEqual([{ path: "customFields.1.name", message: "Custom fields must be unique" }]);
    const builtIn = expectProblem(
      await patch([{ name: "firstName", displayName: "First", type: "String" }]),
      400,
    );
    expect(builtIn.errors).toEqual([
      { path: "customFields.0.name", message: "Custom fields must be unique" },
    ]);
    const short = expectProblem(await patch([{ name: "ab", displayName: "AB", type: "String" }]), 400);
    expect(short.errors).toEqual([
      { path: "customFields.0.displayName", message: "Custom fields need at least 3 characters" },
    ]);
    expect(await names()).toEqual([]);
    // A new field's name is its display name lower-cased; a name already stored may be sent back as it is.
    const mixed = expectProblem(await patch([{ name: "Vip", displayName: "VIP", type: "Boolean" }]), 400);
    expect(mixed.errors).toEqual([
      { path: "customFields.0.name", message: "A new custom field is named from its display name: vip" },
    ]);
    expect(await names()).toEqual([]);
    expect((await patch([{ name: "vip", displayName: "VIP", type: "Boolean" }])).status).toBe(200);
    expect(await names()).toEqual(["vip"]);
    const store = await testStore();
    await store.entities.tenantSettings
      .patch({ tenant: owner.tenant })
      .set({ customFields: [{ name: "accountRef", displayName: "Account Ref", type: "String" }] })
      .go();
    const kept = await patch([
      { name: "accountRef", displayName: "Account Reference", type: "String" },
      { name: "loyaltytier", displayName: "Loyalty Tier", type: "String" },
    ]);
    expect(kept.status).toBe(200);
    expect(await names()).toEqual(["accountRef", "loyaltytier"]);
  });

  it("keeps a stored Phone field and creates no new one", async () => {
    const patch = (customFields: unknown) =>
      call("/api/tenant-settings", { method: "PATCH", body: { customFields }, session: owner });
    const altPhone = { name: "altphone", displayName: "Alt Phone", type: "Phone" };
    const refused = expectProblem(await patch([altPhone]), 400);
    expect(refused.errors).toEqual([
      {
        path: "customFields.0.type",
        message: "A new custom field is a String, Number, DateTime or Boolean field.",
      },
    ]);
    expect(await names()).toEqual([]);
    const store = await testStore();
    await store.entities.tenantSettings
      .patch({ tenant: owner.tenant })
      .set({ customFields: [{ ...altPhone, type: "Phone" as const }] })
      .go();
    expect((await patch([{ ...altPhone, displayName: "Alternate Phone" }])).status).toBe(200);
    expect(await names()).toEqual(["altphone"]);
  });
});

import type { CustomFieldDef } from "@reachcx/core/contact/custom-fields";
import { Balance, PHONE_MESSAGE, PHONE_OR_CELL_MESSAGE } from "@reachcx/core/contact/schema";
import fc from "fast-check";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import type { Contact } from "../api.ts";
import { parseBalance, saveDevice, toForm, toPatch, validateContact } from "./form.ts";

const defs: CustomFieldDef[] = [
  { name: "tier", displayName: "Tier", type: "String" },
  { name: "score", displayName: "Score", type: "Number" },
  { name: "vip", displayName: "VIP", type: "Boolean" },
  { name: "since", displayName: "Since", type: "DateTime" },
];

const contact = {
  id: "c1",
  tenant: "acme",
  firstName: "Mary",
  lastName: "Lopez",
  phone: "3035550142",
  timeZone: "Mountain",
  customFields: { "custom:tier": "gold", "custom:score": 7 },
  optout: { SMS: true },
  mobileDevices: [{ id: "dev-1", type: "ios" }],
} as unknown as Contact;

describe("contact form", () => {
  it("holds missing text as '' and missing custom values by type", () => {
    const form = toForm(contact, defs);
    expect(form.email).toBe("");
    expect(form.optout).toEqual({ Voice: false, SMS: true, Email: false });
    expect(form.customFields).toEqual({
      "custom:tier": "gold",
      "custom:score": 7,
      "custom:vip": null,
      "custom:since": null,
    });
  });

  it("patches only what changed, empty text as null", () => {
    const initial = toForm(contact, defs);
    const values = {
      ...initial,
      phone: "",
      cell: "303-555-0143",
      email: " ",
      optout: { ...initial.optout, Voice: true },
      customFields: { ...initial.customFields, "custom:tier": "", "custom:vip": true },
    };
    expect(toPatch(initial, values)).toEqual({
      phone: null,
      cell: "303-555-0143",
      optout: { Voice: true, SMS: true, Email: false },
      customFields: { "custom:tier": null, "custom:vip": true },
    });
  });

  it("has nothing to save when only whitespace around a value changed", () => {
    const initial = toForm(contact, defs);
    expect(toPatch(initial, { ...initial, firstName: " Mary " })).toEqual({});
  });

  it("answers an empty patch for an unchanged form, whatever the contact", () => {
    const text = fc.option(fc.string({ maxLength: 12 }), { nil: undefined });
    fc.assert(
      fc.property(
        fc.record({ firstName: text, email: text, city: text, tier: text, score: fc.option(fc.integer()) }),
        (r) => {
          const c = {
            ...contact,
            firstName: r.firstName,
            email: r.email,
            city: r.city,
            customFields: { "custom:tier": r.tier, "custom:score": r.score },
          } as unknown as Contact;
          const form = toForm(c, defs);
          expect(toPatch(form, structuredClone(form))).toEqual({});
        },
      ),
    );
  });
});

describe("device dialog", () => {
  const devices = [{ id: "a", type: "android" as const }];

  it("adds a device only with both id and type", () => {
    expect(saveDevice(devices, { id: " ", type: "ios" }, null)).toEqual(devices);
    expect(saveDevice(devices, { id: "b", type: null }, null)).toEqual(devices);
    expect(saveDevice(devices, { id: "b", type: "ios" }, null)).toEqual([
      ...devices,
      { id: "b", type: "ios" },
    ]);
  });

  it("replaces the values of the edited device", () => {
    expect(saveDevice(devices, { id: "a2", type: "ios" }, 0)).toEqual([{ id: "a2", type: "ios" }]);
  });
});

describe("balances", () => {
  /** What core's Balance schema itself says about this field of this draft: the API's message. */
  const coreMessage = (draft: Record<string, string>, field: string) =>
    v.safeParse(Balance, draft).issues?.find((issue) => v.getDotPath(issue) === field)?.message;

  it("needs all four values and parses amount and age as numbers", () => {
    expect(parseBalance({ id: "b1", type: "loan", amount: "12.50", age: "30" })).toEqual({
      balance: { id: "b1", type: "loan", amount: 12.5, age: 30 },
    });
    expect(parseBalance({ id: " ", type: "", amount: "", age: "1" })).toEqual({
      errors: {
        id: "A balance needs an id.",
        type: "A balance needs a type.",
        amount: "The amount must be a number.",
      },
    });
    expect(parseBalance({ id: "b1", type: "loan", amount: "1", age: "x" })).toEqual({
      errors: { age: "The age must be a number." },
    });
  });

  it("says what the API's schema says, under the input it concerns", () => {
    const draft = { id: "b1", type: "loan", amount: "ten", age: "" };
    const parsed = parseBalance(draft);
    expect("errors" in parsed && parsed.errors).toEqual({
      amount: coreMessage(draft, "amount"),
      age: coreMessage(draft, "age"),
    });
  });
});

describe("contact form checks", () => {
  const form = toForm(contact, defs);

  it("passes a stored contact unchanged", () => {
    expect(validateContact(defs)(form)).toEqual({});
  });

  it("applies core's phone-or-cell rule to the contact as it will be saved", () => {
    expect(validateContact(defs)({ ...form, phone: " ", cell: "" })).toEqual({
      phone: PHONE_OR_CELL_MESSAGE,
    });
    expect(validateContact(defs)({ ...form, phone: "", cell: "303-555-0143" })).toEqual({});
    expect(validateContact(defs)({ ...form, cell: "12" })).toEqual({ cell: PHONE_MESSAGE });
  });

  it("reads custom values as the API does", () => {
    expect(
      validateContact(defs)({ ...form, customFields: { ...form.customFields, "custom:score": "many" } }),
    ).toEqual({ "customFields.custom:score": "Score must be a number" });
  });
});

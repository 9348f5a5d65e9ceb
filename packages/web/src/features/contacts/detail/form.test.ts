import type { CustomFieldDef } from "@reachcx/core/contact/custom-fields";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Contact } from "../api.ts";
import { parseBalance, saveDevice, toForm, toPatch } from "./form.ts";

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
  it("needs all four values and parses amount and age as numbers", () => {
    expect(parseBalance({ id: "b1", type: "loan", amount: "12.50", age: "30" })).toEqual({
      id: "b1",
      type: "loan",
      amount: 12.5,
      age: 30,
    });
    expect(parseBalance({ id: "b1", type: "", amount: "1", age: "1" })).toBe(
      "A new balance needs an id, a type, an amount and an age.",
    );
    expect(parseBalance({ id: "b1", type: "loan", amount: "ten", age: "1" })).toBe(
      "The amount must be a number.",
    );
    expect(parseBalance({ id: "b1", type: "loan", amount: "1", age: "x" })).toBe("The age must be a number.");
  });
});

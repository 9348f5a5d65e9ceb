import { describe, expect, it } from "vitest";
import { changedTenants } from "../tenant/cache.ts";
import { entities } from "./entities.ts";
import { entityOf, isIdentifier } from "./image.ts";

describe("entityOf", () => {
  it("names the entity of an item each entity writes", () => {
    for (const name of Object.keys(entities) as (keyof typeof entities)[]) {
      const image = entities[name].schema.model.entity;
      expect(entityOf({ __edb_e__: image, __edb_v__: "1" })).toBe(name);
    }
  });

  it("answers undefined for items of no entity of the service", () => {
    expect(entityOf(undefined)).toBeUndefined();
    expect(entityOf({ pk: "x", sk: "y" })).toBeUndefined();
    expect(entityOf({ __edb_e__: "noSuchEntity" })).toBeUndefined();
    expect(entityOf({ __edb_e__: 7 })).toBeUndefined();
  });

  it("tells ElectroDB's identifiers from data", () => {
    expect(isIdentifier("__edb_e__")).toBe(true);
    expect(isIdentifier("__edb_v__")).toBe(true);
    expect(isIdentifier("tenant")).toBe(false);
  });
});

describe("changedTenants", () => {
  it("answers the tenants whose records changed, once each, from new or old images", () => {
    expect(
      changedTenants([
        { eventName: "MODIFY", newImage: { __edb_e__: "tenant", id: "acme" } },
        { eventName: "REMOVE", oldImage: { __edb_e__: "tenant", id: "globex" } },
        { eventName: "INSERT", newImage: { __edb_e__: "tenant", id: "acme" } },
        { eventName: "MODIFY", newImage: { __edb_e__: "tenantSettings", tenant: "initech" } },
        { eventName: "INSERT", newImage: { __edb_e__: "contact", tenant: "acme", id: "c1" } },
      ]),
    ).toEqual(["acme", "globex"]);
  });
});

import { describe, expect, it } from "vitest";
import { encodeChangeEvent, parseChangeEvent, toChangeEvent } from "./index.ts";

describe("toChangeEvent", () => {
  it("routes a settings change to its tenant", () => {
    expect(
      toChangeEvent({
        eventName: "MODIFY",
        newImage: { __edb_e__: "tenantSettings", tenant: "acme", icBU: "1" },
      }),
    ).toEqual({ tenant: "acme", event: { entity: "tenantSettings", op: "upsert", id: "acme" } });
  });

  it("routes a tenant record to the tenant it describes, removals from the old image", () => {
    expect(toChangeEvent({ eventName: "REMOVE", oldImage: { __edb_e__: "tenant", id: "globex" } })).toEqual({
      tenant: "globex",
      event: { entity: "tenant", op: "remove", id: "globex" },
    });
  });

  it("keeps credentials and foreign items out of the feed", () => {
    expect(
      toChangeEvent({ eventName: "INSERT", newImage: { __edb_e__: "login", tenant: "acme" } }),
    ).toBeUndefined();
    expect(toChangeEvent({ eventName: "INSERT", newImage: { pk: "x" } })).toBeUndefined();
    expect(toChangeEvent({ eventName: "INSERT", newImage: { __edb_e__: "user" } })).toBeUndefined();
  });

  it("keeps a campaign's per-contact records out and announces its counters under the campaign", () => {
    const contact = { __edb_e__: "campaignContact", tenant: "acme", campaignId: "c-1", contactId: "k" };
    expect(toChangeEvent({ eventName: "INSERT", newImage: contact })).toBeUndefined();
    expect(
      toChangeEvent({
        eventName: "MODIFY",
        newImage: {
          __edb_e__: "campaignCounter",
          tenant: "acme",
          campaignId: "c-1",
          segmentId: "s",
          shard: 3,
        },
      }),
    ).toEqual({ tenant: "acme", event: { entity: "campaignCounter", op: "upsert", id: "c-1" } });
  });
});

describe("the live feed's message", () => {
  it("reads back what both modes send", () => {
    const event = { entity: "contact", op: "remove", id: "c-1" } as const;
    expect(parseChangeEvent(encodeChangeEvent(event))).toEqual(event);
    expect(parseChangeEvent('{"entity":"tenant","op":"upsert","id":null}')).toEqual({
      entity: "tenant",
      op: "upsert",
      id: null,
    });
  });

  it("skips what is not a change event: other frames, bad JSON, wrong shapes", () => {
    expect(parseChangeEvent('{"message":"Forbidden","connectionId":"x"}')).toBeUndefined();
    expect(parseChangeEvent("not json")).toBeUndefined();
    expect(parseChangeEvent("null")).toBeUndefined();
    expect(parseChangeEvent('{"entity":"contact","op":"patch","id":"c"}')).toBeUndefined();
    expect(parseChangeEvent('{"entity":"contact","op":"upsert","id":7}')).toBeUndefined();
  });
});

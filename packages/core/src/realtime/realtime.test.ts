import { describe, expect, it } from "vitest";
import { toChangeEvent } from "./index.ts";
import { SseReader } from "./sse.ts";

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
});

describe("SseReader", () => {
  it("yields data and comments of complete messages, across chunk boundaries", () => {
    const sse = new SseReader();
    expect(sse.push(": ready\n\nda")).toEqual({ data: [], comments: ["ready"] });
    expect(sse.push('ta: {"a":1}\n')).toEqual({ data: [], comments: [] });
    expect(sse.push('\ndata: {"b":2}\n\n: heartbeat\n\n')).toEqual({
      data: ['{"a":1}', '{"b":2}'],
      comments: ["heartbeat"],
    });
  });
});

import { describe, expect, it } from "vitest";
import { deleteActions, firstFailure, indexActions } from "./writer.ts";

describe("OpenSearch writer", () => {
  it("indexes a contact under tenant:id, versioned by its updatedAt, dates as epoch ms", () => {
    const updatedAt = "2026-03-01T10:00:00.000Z";
    expect(
      indexActions("reachcx-contact", "contact", [
        {
          tenant: "acme",
          id: "c1",
          lastName: "Smith",
          createdAt: "2026-01-01",
          updatedAt,
          "custom:vip": true,
        },
        { tenant: "acme", id: "c2" },
      ]),
    ).toEqual([
      {
        index: {
          _index: "reachcx-contact",
          _id: "acme:c1",
          version: Date.parse(updatedAt),
          version_type: "external_gte",
        },
      },
      {
        tenant: "acme",
        id: "c1",
        lastName: "Smith",
        createdAt: Date.parse("2026-01-01"),
        updatedAt: Date.parse(updatedAt),
        custom__vip: true,
      },
      // Without an updatedAt there is no version to compare: the write always lands.
      { index: { _index: "reachcx-contact", _id: "acme:c2" } },
      { tenant: "acme", id: "c2" },
    ]);
  });

  it("keeps an activity log's metaData as unindexed JSON text", () => {
    const [, doc] = indexActions("reachcx-activitylog", "activitylog", [
      { tenant: "acme", id: "a1", timestamp: "2026-01-01", metaData: { to: "+13035550100" } },
    ]);
    expect(doc).toEqual({
      tenant: "acme",
      id: "a1",
      timestamp: "2026-01-01",
      metaData: '{"to":"+13035550100"}',
    });
  });

  it("deletes by tenant:id", () => {
    expect(deleteActions("reachcx-contact", [{ tenant: "acme", id: "c1" }])).toEqual([
      { delete: { _index: "reachcx-contact", _id: "acme:c1" } },
    ]);
  });

  it("fails a batch on any refused write but a stale image", () => {
    const stale = { type: "version_conflict_engine_exception", reason: "older" };
    const mapping = { type: "mapper_parsing_exception", reason: "bad" };
    const ok = { index: { _index: "i", status: 201 } };
    expect(firstFailure([ok, { index: { _index: "i", status: 409, error: stale } }])).toBeUndefined();
    expect(firstFailure([ok, { index: { _index: "i", status: 400, error: mapping } }])).toEqual(mapping);
  });
});

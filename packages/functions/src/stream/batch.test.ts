import type { SearchDoc, SearchModel } from "@reachcx/core/search/port";
import type { DynamoDBStreamEvent } from "aws-lambda";
import { describe, expect, it } from "vitest";
import { indexBatch } from "./batch.ts";

const contact = (id: string, seq: string, extra: Record<string, unknown> = {}) => ({
  eventName: "INSERT" as const,
  dynamodb: {
    SequenceNumber: seq,
    Keys: { pk: { S: `t1#${id}` }, sk: { S: "contact" } },
    NewImage: {
      __edb_e__: { S: "contact" },
      tenant: { S: "t1" },
      id: { S: id },
      lastName: { S: `Name ${id}` },
      ...extra,
    },
  },
});

function fakeSearch(fail = false) {
  const upserted: string[] = [];
  return {
    upserted,
    search: {
      async upsert(_model: SearchModel, docs: SearchDoc[]) {
        if (fail) throw new Error("index down");
        upserted.push(...docs.map((d) => d.id));
      },
      async remove() {},
      async query() {
        throw new Error("unused");
      },
      async activity() {
        throw new Error("unused");
      },
    },
  };
}

describe("the Lambda stream indexer", () => {
  it("indexes every readable record and reports the first unreadable one, so the shard moves on after its retries", async () => {
    const { search, upserted } = fakeSearch();
    const event = {
      Records: [
        contact("c1", "100"),
        contact("c2", "101", { odd: { Q: "?" } }),
        contact("c3", "102"),
        contact("c4", "103", { odd: { Q: "?" } }),
      ],
    } as unknown as DynamoDBStreamEvent;
    expect(await indexBatch(search, event)).toEqual({ batchItemFailures: [{ itemIdentifier: "101" }] });
    expect(upserted.sort()).toEqual(["c1", "c3"]);
  });

  it("reports nothing when every record is indexed", async () => {
    const { search, upserted } = fakeSearch();
    const event = { Records: [contact("c1", "100")] } as unknown as DynamoDBStreamEvent;
    expect(await indexBatch(search, event)).toEqual({ batchItemFailures: [] });
    expect(upserted).toEqual(["c1"]);
  });

  it("throws when the index refuses the write, so Lambda retries and bisects the batch", async () => {
    const { search } = fakeSearch(true);
    const event = { Records: [contact("c1", "100")] } as unknown as DynamoDBStreamEvent;
    await expect(indexBatch(search, event)).rejects.toThrow("index down");
  });
});

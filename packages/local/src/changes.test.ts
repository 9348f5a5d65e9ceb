import { unmarshall } from "@aws-sdk/util-dynamodb";
import { describe, expect, it } from "vitest";
import { typed } from "./changes.ts";

describe("stream images from DynamoDB Local", () => {
  it("leave out the untyped value DynamoDB Local writes for an empty map, at any depth", () => {
    const image = {
      id: { S: "c1" },
      customFields: {},
      optout: { M: { Voice: { BOOL: true }, extra: {} } },
      balances: { L: [] },
    };
    expect(() => unmarshall(image as never)).toThrow();
    expect(unmarshall(typed(image) as never)).toEqual({ id: "c1", optout: { Voice: true }, balances: [] });
  });
});

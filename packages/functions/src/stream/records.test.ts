import { unmarshall } from "@aws-sdk/util-dynamodb";
import { describe, expect, it } from "vitest";
import { changeRecordOf, typed } from "./records.ts";

describe("stream images", () => {
  it("give the untyped value DynamoDB Local streams for an empty map its type back, at any depth", () => {
    // What DynamoDB Local 3.3 streams for {M:{}} at the top, in a map, in a list, and in a list in a map.
    const image = {
      id: { S: "c1" },
      customFields: {},
      optout: { M: { Voice: { BOOL: true }, extra: {} } },
      balances: { L: [] },
      dashBoardCharts: { L: [{}] },
      nested: { M: { charts: { L: [{}, { M: { series: { L: [{}, { L: [] }] } } }, { NULL: true }] } } },
    };
    expect(() => unmarshall(image as never)).toThrow();
    expect(unmarshall(typed(image) as never)).toEqual({
      id: "c1",
      customFields: {},
      optout: { Voice: true, extra: {} },
      balances: [],
      dashBoardCharts: [{}],
      nested: { charts: [{}, { series: [{}, []] }, null] },
    });
  });

  it("read every number as a JS number, large ones included", () => {
    const record = changeRecordOf({
      eventName: "INSERT",
      dynamodb: {
        NewImage: { big: { N: "1000000000000000000000" }, huge: { N: "1.5E+100" }, n: { N: "12.5" } },
      },
    });
    expect(record.newImage).toEqual({ big: 1e21, huge: 1.5e100, n: 12.5 });
  });

  it("throw on an image that cannot be read", () => {
    expect(() =>
      changeRecordOf({ eventName: "MODIFY", dynamodb: { NewImage: { odd: { Q: "?" } } } }),
    ).toThrow(/Unsupported type/);
  });
});

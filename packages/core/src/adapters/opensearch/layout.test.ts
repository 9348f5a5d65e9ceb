import { describe, expect, it } from "vitest";
import { activityIndex, contactIndex, fieldName, indexName } from "./layout.ts";

describe("OpenSearch index layout", () => {
  it("names an index per model under the prefix, and custom fields without their colon", () => {
    expect(indexName(undefined, "contact")).toBe("reachcx-contact");
    expect(indexName("test-1", "activitylog")).toBe("test-1-activitylog");
    expect(fieldName("custom:balance")).toBe("custom__balance");
    expect(fieldName("lastName")).toBe("lastName");
  });

  it("maps every text field with a lower-case keyword subfield and dates as epoch numbers", () => {
    const { properties, dynamic_templates } = contactIndex().mappings ?? {};
    expect(properties?.lastName).toMatchObject({
      type: "text",
      analyzer: "words",
      fields: { lc: { type: "keyword", normalizer: "lc" } },
    });
    expect(properties?.createdAt).toEqual({ type: "long" });
    expect(properties?.dnc).toEqual({ type: "boolean" });
    expect(properties?.tenant).toEqual({ type: "keyword" });
    expect(dynamic_templates).toContainEqual({
      custom_numbers: { match: "custom__*", match_mapping_type: "long", mapping: { type: "double" } },
    });
  });

  it("maps what activity lists filter on as keywords and keeps metaData unindexed", () => {
    const { properties, dynamic } = activityIndex().mappings ?? {};
    expect(dynamic).toBe(false);
    expect(properties?.tenant).toEqual({ type: "keyword" });
    expect(properties?.activityLogContactId).toEqual({ type: "keyword" });
    expect(properties?.timestamp).toEqual({ type: "date" });
    expect(properties?.metaData).toEqual({ type: "text", index: false });
  });
});

import {
  DEFAULT_LIST_PATH,
  DEFAULT_REST_MAPPING,
  ENDPOINT_MESSAGE,
  FIELD_REQUIRED_MESSAGE,
  LIST_PATH_MESSAGE,
  LIST_PATH_SCRIPT_MESSAGE,
  NAME_REQUIRED_MESSAGE,
  REQUIRED_TARGETS_MESSAGE,
  RestConnectionInput,
} from "@reachcx/core/rest-connection/schema";
import { describe, expect, it } from "vitest";
import { schemaErrors } from "../../lib/validate.ts";
import { type ConnectionValues, firstTabWithError, tabOf } from "./form.ts";
import { restConnectionListSearch } from "./listSearch.ts";

const values: ConnectionValues = {
  name: "Leads API",
  endpoint: "https://api.example.com/leads",
  method: "GET",
  headers: [],
  params: [],
  auth: { type: "None", info: {} },
  enabled: true,
  listPath: DEFAULT_LIST_PATH,
  mapping: DEFAULT_REST_MAPPING.map((row) => ({ ...row })),
};
const errors = schemaErrors(RestConnectionInput);

describe("the REST connection form", () => {
  it("a new connection's values are valid as they are, once named and given an endpoint", () => {
    expect(errors(values)).toEqual({});
    expect(errors({ ...values, name: "", endpoint: "" })).toEqual({
      name: NAME_REQUIRED_MESSAGE,
      endpoint: ENDPOINT_MESSAGE,
    });
  });

  it("accepts the JSONPaths the pull reads, and refuses a filter or a path not from $ under List path", () => {
    for (const listPath of ["$.data[*].person", "$..contacts", "$.results[0:50]", "$['odd key'][0]"])
      expect(errors({ ...values, listPath })).toEqual({});
    expect(errors({ ...values, listPath: "$.results[?(@.active)]" })).toEqual({
      listPath: LIST_PATH_SCRIPT_MESSAGE,
    });
    expect(errors({ ...values, listPath: "results" })).toEqual({ listPath: LIST_PATH_MESSAGE });
    expect(firstTabWithError(["listPath"])).toBe("settings");
  });

  it("opens the tab that shows the first error, in tab order", () => {
    const refused = errors({
      ...values,
      headers: [{ key: "", value: "", description: "" }],
      mapping: values.mapping.slice(1),
    });
    expect(refused).toEqual({ "headers.0.key": FIELD_REQUIRED_MESSAGE, mapping: REQUIRED_TARGETS_MESSAGE });
    expect(firstTabWithError(Object.keys(refused))).toBe("headers");
    expect(firstTabWithError(["mapping", "auth.info.token"])).toBe("authorization");
    expect(firstTabWithError(["name", "endpoint"])).toBeNull();
    expect(tabOf("listPath")).toBe("settings");
    expect(tabOf("params.3.key")).toBe("params");
  });

  it("reads the list's order from the URL leniently", () => {
    expect(restConnectionListSearch({ order: "asc" })).toEqual({ order: "asc" });
    expect(restConnectionListSearch({ order: "sideways", cursors: ["c1"], page: 2 })).toEqual({
      cursors: ["c1"],
      page: 2,
    });
  });
});

import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { MASK } from "../secrets/index.ts";
import {
  AUTH_TYPES,
  DEFAULT_LIST_PATH,
  DEFAULT_REST_MAPPING,
  defaultAuth,
  ENDPOINT_MESSAGE,
  FIELD_REQUIRED_MESSAGE,
  FROM_UNIQUE_MESSAGE,
  HEADER_NAME_MESSAGE,
  HEADER_VALUE_MESSAGE,
  LIST_PATH_MESSAGE,
  LIST_PATH_REQUIRED_MESSAGE,
  LIST_PATH_SCRIPT_MESSAGE,
  NAME_PATTERN_MESSAGE,
  NAME_REQUIRED_MESSAGE,
  REQUIRED_TARGETS_MESSAGE,
  RestAuth,
  RestConnectionInput,
  TO_UNIQUE_MESSAGE,
} from "./schema.ts";

const base = { name: "Leads API", endpoint: "https://api.example.com/leads", mapping: DEFAULT_REST_MAPPING };
const issues = (input: unknown) =>
  (v.safeParse(RestConnectionInput, input).issues ?? []).map((i) => [v.getDotPath(i) ?? "", i.message]);

describe("RestConnectionInput", () => {
  it("fills the spec's defaults: enabled, $.contacts, GET, no auth, no headers or params", () => {
    expect(v.parse(RestConnectionInput, base)).toEqual({
      ...base,
      method: "GET",
      headers: [],
      params: [],
      auth: { type: "None", info: {} },
      enabled: true,
      listPath: DEFAULT_LIST_PATH,
    });
    expect(DEFAULT_LIST_PATH).toBe("$.contacts");
  });

  it("answers each rule of spec 001 §5 with its sentence, under the field it is about", () => {
    expect(issues({ ...base, name: " " })).toEqual([["name", NAME_REQUIRED_MESSAGE]]);
    expect(issues({ ...base, name: "Leads-API!" })).toEqual([["name", NAME_PATTERN_MESSAGE]]);
    for (const endpoint of ["", "not a url", "ftp://example.com/x", "javascript:alert(1)"])
      expect(issues({ ...base, endpoint })).toEqual([["endpoint", ENDPOINT_MESSAGE]]);
    expect(
      issues({ ...base, headers: [{ key: "", value: "x" }], params: [{ key: " ", value: "" }] }),
    ).toEqual([
      ["headers.0.key", FIELD_REQUIRED_MESSAGE],
      ["params.0.key", FIELD_REQUIRED_MESSAGE],
    ]);
    expect(issues({ ...base, mapping: [...DEFAULT_REST_MAPPING, { from: "", to: "" }] })).toEqual([
      ["mapping.3.from", FIELD_REQUIRED_MESSAGE],
      ["mapping.3.to", FIELD_REQUIRED_MESSAGE],
    ]);
    expect(
      issues({
        ...base,
        mapping: [...DEFAULT_REST_MAPPING, { from: "phone", to: "cell" }, { from: "x", to: "cell" }],
      }),
    ).toEqual([
      ["mapping.3.from", FROM_UNIQUE_MESSAGE],
      ["mapping.4.to", TO_UNIQUE_MESSAGE],
    ]);
    expect(issues({ ...base, listPath: "" })).toEqual([["listPath", LIST_PATH_REQUIRED_MESSAGE]]);
    expect(issues({ ...base, listPath: "contacts" })).toEqual([["listPath", LIST_PATH_MESSAGE]]);
    expect(issues({ ...base, listPath: "$['a','b']" })).toEqual([["listPath", LIST_PATH_MESSAGE]]);
    expect(issues({ ...base, listPath: "$.results[?(@.active)]" })).toEqual([
      ["listPath", LIST_PATH_SCRIPT_MESSAGE],
    ]);
    for (const listPath of ["$.data[*].person", "$..contacts", "$.results[0:10]", " $['odd key'][0] "])
      expect(issues({ ...base, listPath })).toEqual([]);
  });

  it("needs firstName, lastName and phone or cell; externalId is not required", () => {
    const without = (to: string) => DEFAULT_REST_MAPPING.filter((row) => row.to !== to);
    for (const to of ["firstName", "lastName", "phone"])
      expect(issues({ ...base, mapping: without(to) })).toEqual([["mapping", REQUIRED_TARGETS_MESSAGE]]);
    expect(issues({ ...base, mapping: [...without("phone"), { from: "mobile", to: "cell" }] })).toEqual([]);
  });

  it("refuses header names and values Node could not send", () => {
    expect(issues({ ...base, headers: [{ key: "x bad", value: "v" }] })).toEqual([
      ["headers.0.key", HEADER_NAME_MESSAGE],
    ]);
    expect(issues({ ...base, headers: [{ key: "x-ok", value: "a\r\nx-injected: 1" }] })).toEqual([
      ["headers.0.value", HEADER_VALUE_MESSAGE],
    ]);
    const bearer = { type: "Bearer_Token", info: { token: "abc\ndef" } };
    expect(issues({ ...base, auth: bearer })).toEqual([["auth.info.token", HEADER_VALUE_MESSAGE]]);
  });
});

describe("RestAuth", () => {
  it("each type's defaults parse, and a type takes only its own fields", () => {
    for (const type of AUTH_TYPES) expect(v.is(RestAuth, defaultAuth(type))).toBe(true);
    expect(defaultAuth("API_Key")).toEqual({
      type: "API_Key",
      info: { key: "x-api-key", value: "", addTo: "header" },
    });
    expect(v.is(RestAuth, { type: "Bearer_Token", info: { token: "t", password: "p" } })).toBe(false);
    expect(v.is(RestAuth, { type: "None", info: { token: "t" } })).toBe(false);
    expect(v.is(RestAuth, { type: "OAuth", info: {} })).toBe(false);
    expect(v.is(RestAuth, { type: "Basic_Auth", info: { username: "a", password: MASK } })).toBe(true);
  });
});

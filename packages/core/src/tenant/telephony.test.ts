import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { CloudConnection, connectionRules, LegacyConnection } from "./telephony.ts";

const messages = (schema: v.GenericSchema, value: unknown) => {
  const result = v.safeParse(schema, value, { abortPipeEarly: true });
  return result.success ? [] : result.issues.map((i) => `${v.getDotPath(i)}: ${i.message}`);
};

const legacy = {
  icProduct: "Legacy",
  icUserName: "acme.api",
  icPassword: "pass",
  icBU: "4600123",
  icApp: "ReachCX",
  icVendor: "Acme",
  icGetAuthTokenURL: "https://api.incontact.com/InContactAuthorizationServer/Token",
};
const cloud = { icProduct: "CXOne", icBU: "46001234", icAccessKey: "KEY", icAppSecret: "secret" };

describe("connection forms (spec 000 §5)", () => {
  it("legacy: every field required, the business unit exactly 7 digits, with the spec's messages", () => {
    expect(messages(LegacyConnection, legacy)).toEqual([]);
    expect(messages(LegacyConnection, { ...legacy, icBU: "46001234" })).toEqual([
      "icBU: The Business Unit Number is 7 Characters Long",
    ]);
    expect(messages(LegacyConnection, { ...legacy, icBU: "46001a3" })).toEqual([
      "icBU: Please supply a valid business unit number",
    ]);
    expect(messages(LegacyConnection, { ...legacy, icUserName: "", icGetAuthTokenURL: "" })).toEqual([
      "icUserName: Please supply an inContact User Name",
      "icGetAuthTokenURL: This field is required",
    ]);
    expect(messages(LegacyConnection, { ...legacy, icGetAuthTokenURL: "token" })).toEqual([
      "icGetAuthTokenURL: Please enter a valid authentication token URL",
    ]);
    expect(
      messages(LegacyConnection, { ...legacy, icPassword: "x".repeat(49), icApp: "x".repeat(41) }),
    ).toEqual(["icPassword: Must be 48 characters or less", "icApp: Must be 40 characters or less"]);
  });

  it("cloud: business unit 7 to 9 digits, key and secret required, the override a URL", () => {
    expect(messages(CloudConnection, cloud)).toEqual([]);
    expect(messages(CloudConnection, { ...cloud, icProduct: "Legacy Global", icBU: "1234567" })).toEqual([]);
    expect(messages(CloudConnection, { ...cloud, icAccessKey: "", icAPIOverride: "nope" })).toEqual([
      "icAccessKey: Please supply a CXOne access key",
      "icAPIOverride: Please provide a valid URL",
    ]);
    expect(messages(CloudConnection, { ...cloud, icAppSecret: "x".repeat(81) })).toEqual([
      "icAppSecret: Please supply a CXOne application secret,",
    ]);
  });
});

describe("product rules of a settings patch (spec 000 §4)", () => {
  it("refuses a field of the other product, whether the product is in the patch or stored", () => {
    expect(connectionRules({ ...cloud, icPassword: "p" }, {}).problems).toEqual([
      {
        path: "icPassword",
        message: "This field belongs to the legacy connection form; the product is CXOne.",
      },
    ]);
    expect(connectionRules({ icAccessKey: "KEY" }, { icProduct: "Legacy" }).problems[0]?.path).toBe(
      "icAccessKey",
    );
    // Clearing one is always allowed.
    expect(connectionRules({ icAccessKey: null, icVendor: "" }, { icProduct: "Legacy" }).problems).toEqual(
      [],
    );
  });

  it("a patch naming the product is the whole form: stored values and a stored secret fill it in", () => {
    const stored = { icProduct: "CXOne", icBU: "4600123", icAccessKey: "KEY", icAppSecret: "sealed" };
    expect(connectionRules({ icProduct: "CXOne", icAppSecret: "********" }, stored).problems).toEqual([]);
    expect(connectionRules({ icProduct: "CXOne", icAppSecret: "********" }, {}).problems).toEqual([
      { path: "icBU", message: "The Business Unit Number is at least 7 Characters Long" },
      { path: "icAccessKey", message: "Please supply a CXOne access key" },
      { path: "icAppSecret", message: "Please supply a CXOne application secret," },
    ]);
    const { problems, blank } = connectionRules({ ...legacy, icBU: "4600123" }, stored);
    expect(problems).toEqual([]);
    expect(blank).toEqual(["icAccessKey", "icAppSecret", "icDiscoveryDomain", "icAPIOverride"]);
    expect(connectionRules(cloud, { icProduct: "Legacy" }).blank).toEqual([
      "icUserName",
      "icPassword",
      "icApp",
      "icVendor",
      "icGetAuthTokenURL",
    ]);
  });

  it("without the product, each field set obeys the stored product's form; no product, no form", () => {
    expect(connectionRules({ icBU: "46001234" }, { icProduct: "Legacy" }).problems).toEqual([
      { path: "icBU", message: "The Business Unit Number is 7 Characters Long" },
    ]);
    expect(connectionRules({ icBU: "46001234" }, { icProduct: "CXOne" }).problems).toEqual([]);
    expect(connectionRules({ icBU: "46001234", icPassword: "p", icAccessKey: "k" }, {})).toEqual({
      problems: [],
      blank: [],
    });
  });
});

import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { NicTestBody } from "./api.ts";
import { outboundScripts, scriptParameters } from "./client.ts";
import { apiBase, discoveryBase, legacyBasicAuth, parsed } from "./login.ts";
import { SkillsAnswer } from "./schema.ts";
import { skillResultMessage } from "./skill-result.ts";

describe("the CXone client's pure parts", () => {
  it("builds the legacy basic auth from application@vendor and the business unit", () => {
    const header = legacyBasicAuth("ReachCX", "Acme", "4600123");
    expect(Buffer.from(header.replace("Basic ", ""), "base64").toString()).toBe("ReachCX@Acme:4600123");
  });

  it("reads a discovery domain typed as a host or as a URL", () => {
    expect(discoveryBase("cxone.niceincontact.com")).toBe("https://cxone.niceincontact.com");
    expect(discoveryBase(" http://127.0.0.1:4000/ ")).toBe("http://127.0.0.1:4000");
  });

  it("puts the platform API under incontactapi/ once", () => {
    expect(apiBase("https://api-na1.niceincontact.com")).toBe(
      "https://api-na1.niceincontact.com/incontactapi/",
    );
    expect(apiBase("https://api-c7.incontact.com/inContactAPI/")).toBe(
      "https://api-c7.incontact.com/inContactAPI/",
    );
  });

  it("joins script parameters: phone or cell, the value, the contact id, and the skill when asked", () => {
    expect(scriptParameters({ id: "c1", phone: "3035550100", cell: "3035550101" }, "camp")).toBe(
      "3035550100|camp|c1",
    );
    expect(scriptParameters({ id: "c1", phone: null, cell: "3035550101" }, "camp", 42)).toBe(
      "3035550101|camp|c1|42",
    );
  });

  it("keeps scripts of media type 4, one per name", () => {
    const scripts = [
      { scriptName: "A", mediaTypeId: 4, masterID: 1 },
      { scriptName: "A", mediaTypeId: 4, masterID: 2 },
      { scriptName: "S", mediaTypeId: 3, masterID: 3 },
      { scriptName: "B", mediaTypeId: 4, masterID: 4 },
    ];
    expect(outboundScripts(scripts).map((s) => s.masterID)).toEqual([1, 4]);
  });

  it("words every skill start and stop result code as spec 002 §8 does", () => {
    expect(skillResultMessage("start", "Sales", 202)).toBe("Sales started successfully");
    expect(skillResultMessage("stop", "Sales", 202)).toBe("Sales stopped successfully");
    expect(skillResultMessage("start", "Sales", 400)).toBe(
      "Unable to start Sales - Invalid Force, must be true or false",
    );
    expect(skillResultMessage("stop", "Sales", 401)).toBe("Unable to stop Sales - Connection Error");
    expect(skillResultMessage("start", "Sales", 403)).toBe(
      "Unable to start Sales - Insufficient Permissions",
    );
    expect(skillResultMessage("start", "Sales", 404)).toBe("Unable to start Sales - Invalid skillID");
    expect(skillResultMessage("stop", "Sales", 409)).toBe(
      "Unable to stop Sales - Skill is in an invalid state.",
    );
    expect(skillResultMessage("stop", "Sales", 500)).toBe("Unknown problem stopping the skill");
    expect(skillResultMessage("start", "Sales", null)).toBe("Unknown problem starting the skill");
  });

  it("parses platform answers defensively and never echoes a value in the failure", () => {
    const ok = parsed(
      { ok: true, status: 200, body: { skills: [{ skillId: "12", skillName: "X", extra: 1 }] } },
      SkillsAnswer,
    );
    expect(ok.ok && ok.value.skills[0]?.skillId).toBe(12);
    const bad = parsed(
      { ok: true, status: 200, body: { skills: [{ skillId: "secret-token-xyz" }] } },
      SkillsAnswer,
    );
    expect(bad).toMatchObject({ ok: false, error: { kind: "garbage" } });
    expect(JSON.stringify(bad)).not.toContain("secret-token-xyz");
    expect(parsed({ ok: true, status: 401, body: null }, SkillsAnswer)).toEqual({
      ok: false,
      error: { kind: "refused", status: 401 },
    });
    expect(parsed({ ok: true, status: 500, body: {} }, SkillsAnswer)).toEqual({
      ok: false,
      error: { kind: "status", status: 500 },
    });
  });

  it("validates the test body per product with the forms' messages", () => {
    const cloud = v.safeParse(NicTestBody, {
      icProduct: "CXOne",
      icBU: "123",
      icAccessKey: "",
      icAppSecret: "s",
    });
    expect(cloud.issues?.map((i) => i.message)).toEqual([
      "The Business Unit Number is at least 7 Characters Long",
      "Please supply a CXOne access key",
    ]);
    const legacy = v.safeParse(NicTestBody, {
      icProduct: "Legacy",
      icBU: "46001234",
      icUserName: "u",
      icPassword: "p",
      icApp: "a",
      icVendor: "v",
      icGetAuthTokenURL: "not a url",
    });
    expect(legacy.issues?.map((i) => i.message)).toEqual([
      "The Business Unit Number is 7 Characters Long",
      "Please enter a valid authentication token URL",
    ]);
    expect(v.safeParse(NicTestBody, { icProduct: "Other" }).success).toBe(false);
  });
});

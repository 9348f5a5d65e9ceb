import { beforeAll, describe, expect, it } from "vitest";
import { SIMULATED_UNITS } from "../../packages/local/src/simulators/cxone-data.ts";
import { TWILIO_ACCOUNTS, TWILIO_FAILURES } from "../../packages/local/src/simulators/twilio-data.ts";
import { call, expectProblem, newTenant, type Session, testStore } from "../support/api.ts";

/**
 * Messaging providers and SMS number mappings (spec 000 §2, §4, §5, §7, §8) over HTTP, the Twilio-kind
 * check against the runtime's Twilio simulator, whose failure SIDs answer 500, hang, garbage or 1 MB.
 */
const [ACME_TWILIO] = TWILIO_ACCOUNTS as [(typeof TWILIO_ACCOUNTS)[0]];
const [ACME_UNIT] = SIMULATED_UNITS as [(typeof SIMULATED_UNITS)[0]];
const MASK = "********";
const twilio = (more: Record<string, string> = {}) => ({
  accountSid: ACME_TWILIO.accountSid,
  authToken: ACME_TWILIO.authToken,
  ...more,
});
const mapping = (more: Record<string, unknown> = {}) => ({
  phone: "3035550150",
  nicPocGuid: "a1b2c3d4-0001-4000-8000-000000000001",
  nicPocName: "Acme SMS Main",
  provider: "Twilio",
  verified: false,
  ...more,
});

const providers = (s: Session) => call("/api/sms-providers", { session: s });
const rowOf = async (s: Session, provider: string) =>
  (await providers(s)).json.items.find((r: { provider: string }) => r.provider === provider);
const verify = (s: Session, provider: string, fields: Record<string, string>) =>
  call(`/api/sms-providers/${provider}/verify`, { method: "POST", session: s, body: { fields } });
const save = (s: Session, provider: string, fields: Record<string, string>, verified: boolean) =>
  call(`/api/sms-providers/${provider}`, { method: "PUT", session: s, body: { fields, verified } });
const saveMappings = (s: Session, body: unknown) =>
  call("/api/sms-mappings", { method: "PUT", session: s, body });
const verifyMapping = (s: Session, phone: string) =>
  call(`/api/sms-mappings/${encodeURIComponent(phone)}/verify`, { method: "POST", session: s });

async function rawSettings(s: Session) {
  const store = await testStore();
  return (await store.entities.tenantSettings.get({ tenant: s.tenant }).go()).data;
}

let t: Session;
beforeAll(async () => {
  t = await newTenant(["ListManager"]);
}, 30_000);

describe("provider rows", () => {
  it("lists the five kinds, not configured, with their labels", async () => {
    const res = await providers(t);
    expect(res.status).toBe(200);
    expect(
      res.json.items.map((r: { provider: string; label: string; status: string }) => [
        r.provider,
        r.label,
        r.status,
      ]),
    ).toEqual([
      ["Twilio", "Twilio", "Not configured"],
      ["TwilioWhatsApp", "WhatsApp via Twilio", "Not configured"],
      ["Textel", "Textel", "Not configured"],
      ["TextelFoundation", "Textel Foundation", "Not configured"],
      ["MMS", "MMS", "Not configured"],
    ]);
  });

  it("checks Twilio credentials against Twilio, saving nothing", async () => {
    const ok = await verify(t, "Twilio", twilio());
    expect(ok.json).toEqual({ verified: true, message: "Twilio login succeeded!" });
    const wrong = await verify(t, "TwilioWhatsApp", twilio({ authToken: "not-the-token" }));
    expect(wrong.json).toEqual({ verified: false, message: "WhatsApp via Twilio login failed." });
    expect((await rowOf(t, "Twilio")).configured).toBe(false);
  });

  it("the other providers' checks always succeed, once their fields are there", async () => {
    expect((await verify(t, "Textel", { bearerToken: "tx" })).json.message).toBe("Textel login succeeded!");
    expect((await verify(t, "MMS", { appId: "app-1" })).json.verified).toBe(true);
    const missing = expectProblem(await verify(t, "TextelFoundation", {}), 400);
    expect(missing.errors).toEqual([{ path: "fields.bearerToken", message: "Please supply a Bearer Token" }]);
    const foreign = expectProblem(await verify(t, "MMS", { appId: "a", accountSid: "x" }), 400);
    expect(foreign.errors[0]?.path).toBe("fields.accountSid");
    expectProblem(await verify(t, "Nexmo", { appId: "a" }), 400);
  });

  it("saves verified only credentials the provider accepts; tokens sealed and masked", async () => {
    const s = await newTenant(["ListManager"]);
    const refused = expectProblem(await save(s, "Twilio", twilio({ authToken: "wrong" }), true), 400);
    expect(refused.detail).toBe("Twilio login failed.");
    expect((await rowOf(s, "Twilio")).configured).toBe(false);

    const saved = await save(s, "Twilio", twilio(), true);
    expect(saved.status).toBe(200);
    expect(saved.json).toMatchObject({
      message: "Provider info saved!",
      invalidatedMappings: 0,
      warning: null,
    });
    expect(saved.json.row).toEqual({
      provider: "Twilio",
      label: "Twilio",
      configured: true,
      verified: true,
      status: "Verified, Saved",
      fields: { accountSid: ACME_TWILIO.accountSid, authToken: MASK },
    });
    expect(JSON.stringify(await rawSettings(s))).not.toContain(ACME_TWILIO.authToken);
    // The mask stands for the stored token, for a check and for a save.
    expect((await verify(s, "Twilio", twilio({ authToken: MASK }))).json.verified).toBe(true);
    expect((await save(s, "Twilio", twilio({ authToken: MASK }), true)).status).toBe(200);
    // A mask with nothing stored behind it is a missing token.
    expectProblem(await verify(s, "TwilioWhatsApp", twilio({ authToken: MASK })), 400);
  });

  for (const [kind, sid] of Object.entries(TWILIO_FAILURES))
    it(`a Twilio that ${kind === "error" ? "answers 500" : kind === "hang" ? "hangs" : kind === "garbage" ? "answers garbage" : "answers 1 MB"} is a failed login, and nothing saved changes`, async () => {
      const s = await newTenant(["ListManager"]);
      await save(s, "Twilio", { accountSid: sid, authToken: "first" }, false);
      const before = await rawSettings(s);
      const checked = await verify(s, "Twilio", { accountSid: sid, authToken: "any" });
      expect(checked.json).toEqual({ verified: false, message: "Twilio login failed." });
      const refused = expectProblem(
        await save(s, "Twilio", { accountSid: sid, authToken: "second" }, true),
        400,
      );
      expect(refused.detail).toBe("Twilio login failed.");
      expect((await rawSettings(s))?.icSMSProviderCredentials).toEqual(before?.icSMSProviderCredentials);
    }, 30_000);
});

describe("number mappings", () => {
  it("refuses each rule of the form with the spec's message", async () => {
    const s = await newTenant(["ListManager"]);
    const blank = expectProblem(
      await saveMappings(s, { enabled: false, mappings: [{ phone: "", nicPocGuid: "", provider: "" }] }),
      400,
    );
    expect(blank.errors).toEqual([
      { path: "mappings.0.phone", message: "Please enter a phone number" },
      { path: "mappings.0.nicPocGuid", message: "A NiC PoC is required" },
      { path: "mappings.0.provider", message: "Please select a provider" },
    ]);
    const mms = expectProblem(
      await saveMappings(s, { enabled: false, mappings: [mapping({ provider: "MMS" })] }),
      400,
    );
    expect(mms.errors).toEqual([{ path: "mappings.0.appKey", message: "Please enter an App Key" }]);
    const twice = expectProblem(
      await saveMappings(s, {
        enabled: true,
        mappings: [mapping(), mapping({ phone: "303-555-0150", nicPocGuid: "other" })],
      }),
      400,
    );
    expect(twice.errors).toEqual([
      { path: "mappings", message: "Each phone number and InContact Point of Contact must be unique" },
    ]);
    const empty = expectProblem(await saveMappings(s, { enabled: true, mappings: [] }), 400);
    expect(empty.errors).toEqual([
      { path: "enabled", message: "You must have at least one mapping to enable third party SMS." },
    ]);
    expectProblem(await saveMappings(s, { enabled: false, mappings: [], tenant: "other" }), 400);
    expect((await call("/api/sms-mappings", { session: s })).json).toEqual({ enabled: false, mappings: [] });
  });

  it("verifies a mapping only with verified credentials; saving the provider unverified undoes it", async () => {
    const s = await newTenant(["ListManager"]);
    const saved = await saveMappings(s, {
      enabled: true,
      mappings: [
        mapping({ verified: true }),
        mapping({ phone: "3035550151", nicPocGuid: "poc-2", provider: "TwilioWhatsApp" }),
        mapping({ phone: "3035550152", nicPocGuid: "poc-3", provider: "TextelFoundation" }),
      ],
    });
    expect(saved.status).toBe(200);
    expect(saved.json.message).toBe("SMS mappings saved successfully");
    // The client cannot declare a mapping verified: only the verify call does.
    expect(saved.json.mappings.map((m: { verified: boolean }) => m.verified)).toEqual([false, false, false]);

    const none = expectProblem(await verifyMapping(s, "3035550150"), 400);
    expect(none.detail).toBe("Twilio credentials don't exist or haven't been verified.");
    await save(s, "Twilio", twilio(), false);
    expect(expectProblem(await verifyMapping(s, "3035550150"), 400).detail).toBe(
      "Twilio credentials don't exist or haven't been verified.",
    );
    await save(s, "Twilio", twilio({ authToken: MASK }), true);
    const ok = await verifyMapping(s, "303-555-0150");
    expect(ok.status).toBe(200);
    expect(ok.json).toEqual({
      mapping: { ...mapping({ verified: true }), appKey: null },
      message: "Mapping has been verified.",
    });
    // WhatsApp via Twilio has its own row; the Textel foundation variant reads the vendor's.
    expect(expectProblem(await verifyMapping(s, "3035550151"), 400).detail).toBe(
      "WhatsApp via Twilio credentials don't exist or haven't been verified.",
    );
    await save(s, "TextelFoundation", { bearerToken: "foundation" }, true);
    expect(expectProblem(await verifyMapping(s, "3035550152"), 400).detail).toBe(
      "Textel Foundation credentials don't exist or haven't been verified.",
    );
    await save(s, "Textel", { bearerToken: "vendor" }, true);
    expect((await verifyMapping(s, "3035550152")).status).toBe(200);
    expect(expectProblem(await verifyMapping(s, "9995550100"), 404).detail).toBe("Unable to verify mapping.");

    // Saved unchanged it stays verified; a changed field resets it.
    const current = (await call("/api/sms-mappings", { session: s })).json;
    const again = await saveMappings(s, current);
    expect(again.json.mappings.map((m: { verified: boolean }) => m.verified)).toEqual([true, false, true]);
    const changed = await saveMappings(s, {
      ...current,
      mappings: current.mappings.map((m: { phone: string }, i: number) =>
        i === 0 ? { ...m, nicPocGuid: "poc-9" } : m,
      ),
    });
    expect(changed.json.mappings.map((m: { verified: boolean }) => m.verified)).toEqual([false, false, true]);
    expect((await verifyMapping(s, "3035550150")).status).toBe(200);

    // Saving Textel unverified also unverifies the foundation variant's mapping, which relies on it.
    const textel = await save(s, "Textel", { bearerToken: MASK }, false);
    expect(textel.json).toMatchObject({
      invalidatedMappings: 1,
      warning: "Warning: 1 SMS mappings are no longer valid.",
    });
    expect((await rowOf(s, "Textel")).status).toBe("Pending verification, Saved");
    const twilioUnverified = await save(s, "Twilio", twilio({ authToken: MASK }), false);
    expect(twilioUnverified.json.warning).toBe("Warning: 1 SMS mappings are no longer valid.");
    const after = (await call("/api/sms-mappings", { session: s })).json;
    expect(after.mappings.map((m: { verified: boolean }) => m.verified)).toEqual([false, false, false]);
  });

  it("keeps the MMS App Key sealed, masked, and kept when sent back as the mask", async () => {
    const s = await newTenant(["ListManager"]);
    const key = "mms-app-key-secret-1";
    const body = { enabled: false, mappings: [mapping({ provider: "MMS", appKey: key })] };
    expect((await saveMappings(s, body)).json.mappings[0].appKey).toBe(MASK);
    expect(JSON.stringify(await rawSettings(s))).not.toContain(key);
    const masked = (await call("/api/sms-mappings", { session: s })).json;
    expect(masked.mappings[0].appKey).toBe(MASK);
    await save(s, "MMS", { appId: "app-1" }, true);
    expect((await verifyMapping(s, "3035550150")).status).toBe(200);
    // Sent back as it was read, the key (and the verification) stay.
    const resaved = await saveMappings(s, (await call("/api/sms-mappings", { session: s })).json);
    expect(resaved.json.mappings[0]).toMatchObject({ appKey: MASK, verified: true });
    // A mask for a number that had no key is a missing key.
    const other = expectProblem(
      await saveMappings(s, {
        enabled: false,
        mappings: [mapping({ phone: "3035550199", provider: "MMS", appKey: MASK })],
      }),
      400,
    );
    expect(other.errors).toEqual([{ path: "mappings.0.appKey", message: "Please enter an App Key" }]);
  });

  it("a mapping whose provider is not one of the five cannot be verified", async () => {
    const s = await newTenant(["ListManager"]);
    await saveMappings(s, { enabled: false, mappings: [mapping()] });
    const store = await testStore();
    // Data written before the five kinds were fixed, as a migration might have left it.
    await store.entities.tenantSettings
      .patch({ tenant: s.tenant })
      .set({
        icSMSMapping: {
          enabled: false,
          mappings: [{ ...mapping(), provider: "Zipwhip", appKey: null }],
        },
      })
      .go();
    expect(expectProblem(await verifyMapping(s, "3035550150"), 400).detail).toBe("Verification failed.");
    expect((await call("/api/sms-mappings", { session: s })).json.mappings[0].provider).toBe("Zipwhip");
  });
});

describe("SMS points of contact", () => {
  it("are the platform's media type 3 points of contact, empty without a connection", async () => {
    const s = await newTenant(["ListManager"]);
    expect((await call("/api/sms-points-of-contact", { session: s })).json).toEqual({ items: [] });
    await call("/api/tenant-settings", {
      method: "PATCH",
      session: s,
      body: {
        icProduct: "CXOne",
        icBU: String(ACME_UNIT.businessUnitId),
        icAccessKey: ACME_UNIT.accessKey,
        icAppSecret: ACME_UNIT.appSecret,
      },
    });
    const res = await call("/api/sms-points-of-contact", { session: s });
    expect(res.json.items).toEqual(
      ACME_UNIT.pointsOfContact
        .filter((p) => p.mediaTypeId === 3)
        .map((p) => ({
          nicPocGuid: p.pointOfContact,
          nicPocName: p.pointOfContactName,
          contactAddress: p.contactAddress,
        })),
    );
    expect(res.json.items.length).toBeGreaterThan(0);
  });
});

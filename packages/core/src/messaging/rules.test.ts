import fc from "fast-check";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { credentialsOf, PROVIDERS, type Provider } from "./providers.ts";
import {
  type CredentialRow,
  credentialsMissing,
  invalidateMappings,
  type Mapping,
  mappingsInvalidated,
  rowStatus,
  settleMappings,
  VERIFICATION_FAILED,
  verifyRefusal,
} from "./rules.ts";
import {
  APP_KEY_REQUIRED,
  CREDENTIAL_SCHEMAS,
  ENABLE_NEEDS_MAPPING,
  NOT_UNIQUE,
  PHONE_REQUIRED,
  POC_REQUIRED,
  PROVIDER_REQUIRED,
  SmsMappingsInput,
} from "./schema.ts";

const mapping = (more: Partial<Mapping> = {}): Mapping => ({
  phone: "3035550150",
  nicPocName: "Main",
  nicPocGuid: "poc-1",
  provider: "Twilio",
  verified: false,
  appKey: null,
  ...more,
});

const messagesOf = (input: unknown) =>
  (v.safeParse(SmsMappingsInput, input).issues ?? []).map((i) => [v.getDotPath(i), i.message]);

describe("the mapping form's rules (spec 000 §5)", () => {
  it("names each missing field with the spec's message", () => {
    expect(messagesOf({ enabled: false, mappings: [{ phone: " ", nicPocGuid: "", provider: "" }] })).toEqual([
      ["mappings.0.phone", PHONE_REQUIRED],
      ["mappings.0.nicPocGuid", POC_REQUIRED],
      ["mappings.0.provider", PROVIDER_REQUIRED],
    ]);
  });

  it("asks the MMS provider for an App Key, and drops another provider's key", () => {
    expect(messagesOf({ enabled: false, mappings: [mapping({ provider: "MMS" })] })).toEqual([
      ["mappings.0.appKey", APP_KEY_REQUIRED],
    ]);
    const other = v.parse(SmsMappingsInput, { enabled: false, mappings: [mapping({ appKey: "k" })] });
    expect(other.mappings[0]?.appKey).toBeNull();
  });

  it("refuses a number or a point of contact used twice, numbers compared by their digits", () => {
    const twice = (b: Partial<Mapping>) => ({
      enabled: true,
      mappings: [mapping(), mapping({ phone: "3035550151", nicPocGuid: "poc-2", ...b })],
    });
    expect(messagesOf(twice({ phone: "303-555-0150" }))).toEqual([["mappings", NOT_UNIQUE]]);
    expect(messagesOf(twice({ nicPocGuid: "poc-1" }))).toEqual([["mappings", NOT_UNIQUE]]);
    expect(messagesOf(twice({}))).toEqual([]);
  });

  it("refuses enabling third-party SMS with no mapping, and allows it disabled", () => {
    expect(messagesOf({ enabled: true, mappings: [] })).toEqual([["enabled", ENABLE_NEEDS_MAPPING]]);
    expect(messagesOf({ enabled: false, mappings: [] })).toEqual([]);
  });

  it("takes each provider's credential fields only", () => {
    const sid = `AC${"0".repeat(32)}`;
    expect(v.is(CREDENTIAL_SCHEMAS.Twilio, { accountSid: sid, authToken: "t" })).toBe(true);
    expect(v.is(CREDENTIAL_SCHEMAS.Twilio, { accountSid: "AC12", authToken: "t" })).toBe(false);
    expect(v.is(CREDENTIAL_SCHEMAS.TextelFoundation, { bearerToken: "b" })).toBe(true);
    expect(v.is(CREDENTIAL_SCHEMAS.MMS, { appId: "a", bearerToken: "b" })).toBe(false);
  });
});

describe("provider rows and mappings (spec 000 §4)", () => {
  it("has six statuses", () => {
    const row = { configured: true, dirty: false, verified: false, verifying: false };
    expect(rowStatus({ ...row, configured: false })).toBe("Not configured");
    expect(rowStatus({ ...row, configured: false, dirty: true })).toBe("Pending verification, Unsaved");
    expect(rowStatus({ ...row, verifying: true })).toBe("Verifying");
    expect(rowStatus({ ...row, verified: true })).toBe("Verified, Saved");
    expect(rowStatus({ ...row, verified: true, dirty: true })).toBe("Verified, Unsaved");
    expect(rowStatus(row)).toBe("Pending verification, Saved");
  });

  it("saving a provider unverified unverifies its verified mappings and counts them", () => {
    const mappings = [
      mapping({ verified: true }),
      mapping({ phone: "2", nicPocGuid: "b", verified: false }),
      mapping({ phone: "3", nicPocGuid: "c", provider: "TwilioWhatsApp", verified: true }),
      mapping({ phone: "4", nicPocGuid: "d", provider: "TextelFoundation", verified: true }),
    ];
    const twilio = invalidateMappings(mappings, "Twilio");
    expect(twilio.count).toBe(1);
    expect(twilio.mappings.map((m) => m.verified)).toEqual([false, false, true, true]);
    // The foundation variant's mappings verify with the vendor's credentials (spec 000 §8).
    expect(invalidateMappings(mappings, "Textel").count).toBe(1);
    expect(mappingsInvalidated(3)).toBe("Warning: 3 SMS mappings are no longer valid.");
  });

  it("verifies a mapping only with verified credentials, named by the mapping's provider", () => {
    const rows: CredentialRow[] = [
      { provider: "Twilio", verified: true },
      { provider: "Textel", verified: true },
      { provider: "MMS", verified: false },
    ];
    expect(verifyRefusal("Twilio", rows)).toBeNull();
    expect(verifyRefusal("TextelFoundation", rows)).toBeNull();
    expect(verifyRefusal("TwilioWhatsApp", rows)).toBe(
      "WhatsApp via Twilio credentials don't exist or haven't been verified.",
    );
    expect(verifyRefusal("MMS", rows)).toBe(credentialsMissing("MMS"));
    expect(verifyRefusal("Zipwhip", rows)).toBe(VERIFICATION_FAILED);
  });

  it("keeps a mapping verified only when saved unchanged", () => {
    const rows: CredentialRow[] = [{ provider: "Twilio", verified: true }];
    const stored = [mapping({ verified: true })];
    expect(
      settleMappings([mapping({ verified: true, phone: "303-555-0150" })], stored, rows)[0]?.verified,
    ).toBe(true);
    expect(
      settleMappings([mapping({ verified: true, nicPocGuid: "poc-9" })], stored, rows)[0]?.verified,
    ).toBe(false);
    expect(settleMappings([mapping({ verified: true })], stored, [])[0]?.verified).toBe(false);
  });
});

/** The server's operations on stored state, as messaging/index.ts applies them. */
type State = { rows: CredentialRow[]; mappings: Mapping[] };
const provider = fc.constantFrom<Provider>(...PROVIDERS);
const op = fc.oneof(
  fc.record({ kind: fc.constant("saveProvider" as const), provider, verified: fc.boolean() }),
  fc.record({
    kind: fc.constant("saveMappings" as const),
    edits: fc.array(
      fc.record({ slot: fc.nat(4), provider, verified: fc.boolean(), poc: fc.constantFrom("a", "b") }),
      { maxLength: 5 },
    ),
  }),
  fc.record({ kind: fc.constant("verifyMapping" as const), slot: fc.nat(4) }),
);

type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;

function apply(state: State, o: Op): State {
  switch (o.kind) {
    case "saveProvider": {
      const rows = [
        ...state.rows.filter((r) => r.provider !== o.provider),
        { provider: o.provider, verified: o.verified },
      ];
      return {
        rows,
        mappings: o.verified ? state.mappings : invalidateMappings(state.mappings, o.provider).mappings,
      };
    }
    case "saveMappings": {
      // The client may claim anything; edits change fields of existing slots or add rows.
      const next = state.mappings.map((m) => ({ ...m }));
      for (const e of o.edits) {
        const m = mapping({
          phone: String(e.slot),
          nicPocGuid: `${e.slot}${e.poc}`,
          provider: e.provider,
          verified: e.verified,
        });
        next[e.slot % (next.length + 1)] = m;
      }
      return { ...state, mappings: settleMappings(next, state.mappings, state.rows) };
    }
    case "verifyMapping": {
      const target = state.mappings[o.slot];
      if (!target || verifyRefusal(target.provider, state.rows) !== null) return state;
      return {
        ...state,
        mappings: state.mappings.map((m, i) => (i === o.slot ? { ...m, verified: true } : m)),
      };
    }
  }
}

describe("after any sequence of saves and verifications", () => {
  it("a mapping is verified only if the credentials it relies on are", () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 30 }), (ops) => {
        let state: State = { rows: [], mappings: [] };
        for (const o of ops) {
          state = apply(state, o);
          for (const m of state.mappings.filter((m) => m.verified)) {
            const owner = credentialsOf(m.provider as Provider);
            expect(state.rows.some((r) => r.provider === owner && r.verified)).toBe(true);
          }
        }
      }),
    );
  });
});

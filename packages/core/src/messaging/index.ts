import * as v from "valibot";
import { cxoneClient } from "../cxone/client.ts";
import { type Logger, MEDIA_SMS, tenantSession } from "../cxone/index.ts";
import { useEnv } from "../env.ts";
import { VisibleError } from "../error/index.ts";
import { isMask, MASK } from "../secrets/index.ts";
import type { ProviderRow, SmsMappings } from "./api.ts";
import { CREDENTIAL_FIELDS, PROVIDER_LABELS, PROVIDERS, type Provider, SECRET_FIELDS } from "./providers.ts";
import {
  invalidateMappings,
  loginFailed,
  loginSucceeded,
  MAPPING_UNVERIFIABLE,
  MAPPING_VERIFIED,
  MAPPINGS_SAVED,
  type Mapping,
  mappingsInvalidated,
  PROVIDER_SAVED,
  rowStatus,
  settleMappings,
  verifyRefusal,
} from "./rules.ts";
import {
  APP_KEY_REQUIRED,
  CREDENTIAL_SCHEMAS,
  type CredentialFields,
  type Credentials,
  phoneDigits,
  type SmsMappingsInput,
} from "./schema.ts";
import { readMessaging, updateMessaging } from "./store.ts";
import type { StoredCredentialRow } from "./stored.ts";
import { checkTwilio } from "./twilio.ts";

export * from "./api.ts";
export * from "./providers.ts";
export * from "./rules.ts";
export * from "./schema.ts";

type Fields = v.InferOutput<typeof CredentialFields>;

// Providers (spec 000 §2, "Third Party SMS/WhatsApp Provider Configuration")

/** One row per provider kind, in the spec's order; secrets as the mask. */
export async function listProviders(): Promise<ProviderRow[]> {
  const { credentials } = await readMessaging();
  return PROVIDERS.map((provider) =>
    answerRow(
      provider,
      credentials.find((r) => r.provider === provider),
    ),
  );
}

function answerRow(provider: Provider, stored: StoredCredentialRow | undefined): ProviderRow {
  const fields: ProviderRow["fields"] = {};
  for (const field of CREDENTIAL_FIELDS[provider]) {
    const value = stored?.data[field];
    if (value !== undefined) fields[field] = SECRET_FIELDS.has(field) ? MASK : value;
  }
  const verified = stored?.verified ?? false;
  return {
    provider,
    label: PROVIDER_LABELS[provider],
    configured: !!stored,
    verified,
    status: rowStatus({ configured: !!stored, dirty: false, verified, verifying: false }),
    fields,
  };
}

/**
 * The row as entered, its masked secrets replaced by the stored ones, checked against the provider's
 * schema: the plain credentials, or a 400 with each field's message.
 */
async function resolveCredentials(
  provider: Provider,
  fields: Fields,
  stored: StoredCredentialRow | undefined,
) {
  const { secrets } = useEnv();
  const plain: Record<string, string> = {};
  for (const field of CREDENTIAL_FIELDS[provider]) {
    // A field left out is a blank one, so its message is the field's own.
    const value = fields[field] ?? "";
    if (isMask(value) && SECRET_FIELDS.has(field)) {
      const sealed = stored?.data[field];
      // A mask with nothing stored behind it is a missing value.
      if (sealed) plain[field] = await secrets.decrypt(sealed);
    } else plain[field] = value;
  }
  const extra = Object.keys(fields).filter(
    (k) => !(CREDENTIAL_FIELDS[provider] as readonly string[]).includes(k),
  );
  const parsed = v.safeParse(CREDENTIAL_SCHEMAS[provider], plain);
  const errors = [
    ...extra.map((k) => ({ path: `fields.${k}`, message: `${PROVIDER_LABELS[provider]} has no ${k}.` })),
    ...(parsed.issues ?? []).map((i) => ({ path: `fields.${v.getDotPath(i) ?? ""}`, message: i.message })),
  ];
  if (errors.length > 0 || !parsed.success)
    throw new VisibleError("input", "messaging.invalid_credentials", errors[0]?.message ?? "", errors);
  return parsed.output as Credentials;
}

/** The provider's own check (spec 000 §7): Twilio's for the two Twilio kinds; the others always pass. */
async function runCheck(provider: Provider, credentials: Credentials, log?: Logger): Promise<boolean> {
  if (provider !== "Twilio" && provider !== "TwilioWhatsApp") return true;
  const outcome = await checkTwilio(credentials.accountSid ?? "", credentials.authToken ?? "");
  if (!outcome.ok) log?.("provider check failed", { provider, reason: outcome.reason });
  return outcome.ok;
}

/** POST /api/sms-providers/{provider}/verify: checks the row as entered; nothing is saved. */
export async function verifyProvider(provider: Provider, fields: Fields, log?: Logger) {
  const { credentials } = await readMessaging();
  const plain = await resolveCredentials(
    provider,
    fields,
    credentials.find((r) => r.provider === provider),
  );
  const verified = await runCheck(provider, plain, log);
  return { verified, message: verified ? loginSucceeded(provider) : loginFailed(provider) };
}

/**
 * PUT /api/sms-providers/{provider}. A row saved verified is checked again here, so the stored flag means
 * the provider accepted these credentials, whatever the client says; a row saved unverified makes every
 * verified mapping relying on it unverified, in the same write (spec 000 §4).
 */
export async function saveProvider(
  provider: Provider,
  input: { fields: Fields; verified: boolean },
  log?: Logger,
) {
  const { secrets } = useEnv();
  const before = await readMessaging();
  const plain = await resolveCredentials(
    provider,
    input.fields,
    before.credentials.find((r) => r.provider === provider),
  );
  if (input.verified && !(await runCheck(provider, plain, log)))
    throw new VisibleError("input", "messaging.login_failed", loginFailed(provider));
  const data: StoredCredentialRow["data"] = {};
  for (const field of CREDENTIAL_FIELDS[provider]) {
    const value = plain[field];
    if (value !== undefined) data[field] = SECRET_FIELDS.has(field) ? await secrets.encrypt(value) : value;
  }
  const row: StoredCredentialRow = { provider, data, verified: input.verified };
  const { count } = await updateMessaging(async (read) => {
    const credentials = [...read.credentials.filter((r) => r.provider !== provider), row];
    if (input.verified) return { credentials, result: { count: 0 } };
    const { mappings, count } = invalidateMappings(read.sms.mappings, provider);
    return { credentials, sms: { ...read.sms, mappings }, result: { count } };
  });
  return {
    row: answerRow(provider, row),
    invalidatedMappings: count,
    message: PROVIDER_SAVED,
    warning: count > 0 ? mappingsInvalidated(count) : null,
  };
}

// Number mappings (spec 000 §2, "Third Party SMS/WhatsApp")

const answerMapping = (m: Mapping): Mapping => ({ ...m, appKey: m.appKey ? MASK : null });

export async function getMappings(): Promise<SmsMappings> {
  const { sms } = await readMessaging();
  return { enabled: sms.enabled, mappings: sms.mappings.map(answerMapping) };
}

/**
 * PUT /api/sms-mappings: the whole form, checked by its schema (required fields, App Key, uniqueness,
 * enabling with none). A mapping is saved verified only if it is stored verified unchanged and its
 * provider still is (settleMappings); an App Key sent as the mask keeps the one stored for that number.
 */
export async function saveMappings(input: SmsMappingsInput) {
  const { secrets } = useEnv();
  return updateMessaging(async (read) => {
    const next: Mapping[] = [];
    for (const [i, m] of input.mappings.entries()) {
      let appKey = m.appKey;
      if (appKey && isMask(appKey)) {
        const kept = read.sms.mappings.find(
          (s) => s.provider === "MMS" && s.appKey && phoneDigits(s.phone) === phoneDigits(m.phone),
        )?.appKey;
        if (!kept)
          throw new VisibleError("input", "messaging.invalid_mappings", APP_KEY_REQUIRED, [
            { path: `mappings.${i}.appKey`, message: APP_KEY_REQUIRED },
          ]);
        appKey = await secrets.decrypt(kept);
      }
      next.push({ ...m, appKey });
    }
    const stored = await Promise.all(
      read.sms.mappings.map(async (s) => ({
        ...s,
        appKey: s.appKey ? await secrets.decrypt(s.appKey) : null,
      })),
    );
    const settled = settleMappings(next, stored, read.credentials);
    const sealed = await Promise.all(
      settled.map(async (m) => ({ ...m, appKey: m.appKey ? await secrets.encrypt(m.appKey) : null })),
    );
    const sms = { enabled: input.enabled, mappings: sealed };
    return {
      sms,
      result: { enabled: sms.enabled, mappings: sealed.map(answerMapping), message: MAPPINGS_SAVED },
    };
  });
}

/**
 * POST /api/sms-mappings/{phone}/verify: marks the stored mapping of that number verified when its
 * provider's credentials exist and are verified (spec 000 §4, §8).
 */
export async function verifyMapping(phone: string) {
  return updateMessaging(async (read) => {
    const index = read.sms.mappings.findIndex((m) => phoneDigits(m.phone) === phoneDigits(phone));
    const mapping = read.sms.mappings[index];
    if (!mapping || phoneDigits(phone) === "")
      throw new VisibleError("not_found", "messaging.no_mapping", MAPPING_UNVERIFIABLE);
    const refusal = verifyRefusal(mapping.provider, read.credentials);
    if (refusal) throw new VisibleError("input", "messaging.unverifiable", refusal);
    const verified = { ...mapping, verified: true };
    const mappings = read.sms.mappings.map((m, i) => (i === index ? verified : m));
    return {
      sms: { ...read.sms, mappings },
      result: { mapping: answerMapping(verified), message: MAPPING_VERIFIED },
    };
  });
}

/**
 * GET /api/sms-points-of-contact: the platform's SMS points of contact (media type 3, spec 000 §7). A
 * tenant that cannot log in, or a platform that fails, gets an empty list, logged (spec 000 §8).
 */
export async function smsPointsOfContact(log?: Logger) {
  const session = await tenantSession(log);
  if (!session) return [];
  const result = await cxoneClient(session, log).smsPointsOfContact();
  if (!result.ok) return [];
  return result.value
    .filter((p) => p.mediaTypeId === MEDIA_SMS && p.pointOfContact)
    .map((p) => ({
      nicPocGuid: p.pointOfContact as string,
      nicPocName: p.pointOfContactName || (p.pointOfContact as string),
      contactAddress: p.contactAddress ?? null,
    }));
}

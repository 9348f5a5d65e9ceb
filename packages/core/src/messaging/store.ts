import { useTenant } from "../actor/index.ts";
import { useStore } from "../env.ts";
import { VisibleError } from "../error/index.ts";
import type { StoredCredentialRow, StoredMapping, StoredSmsSettings } from "./stored.ts";

/**
 * The tenant's messaging settings, read from and written to its settings record. Providers and mappings
 * live on the same record, so saving a provider and unverifying its mappings is one write: it lands whole
 * or not at all.
 */

export interface MessagingRead {
  credentials: StoredCredentialRow[];
  sms: StoredSmsSettings;
  /** The record's updatedAt when read: a write lands only if nobody wrote since. */
  version: string | undefined;
  exists: boolean;
}

/** Attempts before giving up: each round one of the writers racing lands, so this bounds them. */
const ATTEMPTS = 10;

const text = (value: unknown) => (typeof value === "string" ? value : "");

/** What is stored, read leniently: the attributes were free-form JSON before this module owned them. */
export async function readMessaging(): Promise<MessagingRead> {
  const tenant = useTenant();
  const { data } = await useStore().entities.tenantSettings.get({ tenant }).go();
  const rawRows: unknown[] = Array.isArray(data?.icSMSProviderCredentials)
    ? data.icSMSProviderCredentials
    : [];
  const credentials = rawRows.flatMap((r): StoredCredentialRow[] => {
    if (typeof r !== "object" || r === null) return [];
    const row = r as Record<string, unknown>;
    const fields =
      typeof row.data === "object" && row.data !== null ? (row.data as Record<string, unknown>) : {};
    const pick = (k: "accountSid" | "authToken" | "bearerToken" | "appId") =>
      typeof fields[k] === "string" ? { [k]: fields[k] as string } : {};
    return [
      {
        provider: text(row.provider),
        data: { ...pick("accountSid"), ...pick("authToken"), ...pick("bearerToken"), ...pick("appId") },
        verified: row.verified === true,
      },
    ];
  });
  const rawSms = (data?.icSMSMapping ?? {}) as Partial<Record<string, unknown>>;
  const rawMappings: unknown[] = Array.isArray(rawSms.mappings) ? rawSms.mappings : [];
  const mappings = rawMappings.flatMap((m): StoredMapping[] => {
    if (typeof m !== "object" || m === null) return [];
    const r = m as Record<string, unknown>;
    return [
      {
        phone: text(r.phone),
        nicPocName: text(r.nicPocName),
        nicPocGuid: text(r.nicPocGuid),
        provider: text(r.provider),
        verified: r.verified === true,
        appKey: typeof r.appKey === "string" && r.appKey !== "" ? r.appKey : null,
      },
    ];
  });
  return {
    credentials,
    sms: { enabled: rawSms.enabled === true, mappings },
    version: data?.updatedAt,
    exists: !!data,
  };
}

/** Writes what changed if the record did not change since `read`; false when someone else wrote first. */
async function write(
  read: MessagingRead,
  next: { credentials?: StoredCredentialRow[]; sms?: StoredSmsSettings },
): Promise<boolean> {
  const tenant = useTenant();
  const entity = useStore().entities.tenantSettings;
  const set = {
    ...(next.credentials ? { icSMSProviderCredentials: next.credentials } : {}),
    ...(next.sms ? { icSMSMapping: next.sms } : {}),
  };
  try {
    if (!read.exists) await entity.create({ tenant, ...set }).go();
    else
      await entity
        .patch({ tenant })
        .set(set)
        .where((attr, op) => op.eq(attr.updatedAt, read.version ?? ""))
        .go();
    return true;
  } catch (err) {
    if (conditionFailed(err)) return false;
    throw err;
  }
}

/** ElectroDB wraps the client's ConditionalCheckFailedException; its name is on the cause. */
const conditionFailed = (err: unknown): boolean =>
  err instanceof Error &&
  (err.name === "ConditionalCheckFailedException" ||
    /conditional request failed|ConditionalCheckFailed/i.test(err.message) ||
    conditionFailed(err.cause));

/**
 * Reads, lets `change` decide what to write (or throw a refusal), and writes conditioned on the read;
 * on a lost race it starts over from a fresh read, so rules are always checked against what is stored.
 */
export async function updateMessaging<T>(
  change: (read: MessagingRead) => Promise<{
    credentials?: StoredCredentialRow[];
    sms?: StoredSmsSettings;
    result: T;
  }>,
): Promise<T> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const read = await readMessaging();
    const { result, ...next } = await change(read);
    if (await write(read, next)) return result;
  }
  throw new VisibleError(
    "conflict",
    "messaging.busy",
    "The messaging settings are being changed; please try again.",
  );
}

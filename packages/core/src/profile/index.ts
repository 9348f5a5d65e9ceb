import { randomUUID } from "node:crypto";
import { useTenant } from "../actor/index.ts";
import { useStore } from "../env.ts";
import { type FieldError, VisibleError } from "../error/index.ts";
import { type Page, type PageQuery, storePage } from "../paging.ts";
import { getAll } from "../store/batch-get.ts";
import type { ProfileItem } from "../store/entities.ts";
import type { ProfileChannel as Channel, Profile } from "./api.ts";
import { IN_USE_MESSAGE, type ProfileBody, UNKNOWN_PAYMENT_PROFILE_MESSAGE } from "./schema.ts";

export * from "./api.ts";
export * from "./schema.ts";
export * from "./usage.ts";

/** Spec 003 §9: the profile table pages 10. */
export const PROFILE_PAGE_SIZE = 10;

const notFound = (id: string) =>
  new VisibleError("not_found", "profile.not_found", `Dialing profile ${id} does not exist.`);

/** ElectroDB wraps the client's ConditionalCheckFailedException; its name or message may be on the cause. */
const conditionFailed = (err: unknown): boolean =>
  err instanceof Error &&
  (err.name === "ConditionalCheckFailedException" ||
    /conditional request failed|ConditionalCheckFailed/i.test(err.message) ||
    conditionFailed(err.cause));

function answer(item: ProfileItem): Profile {
  return {
    tenant: item.tenant,
    id: item.id,
    name: item.name,
    useAi: item.useAi,
    freshLIFO: item.freshLIFO,
    retryLIFO: item.retryLIFO,
    scrubber: item.scrubber,
    retry: item.retry as Profile["retry"],
    ai: item.ai,
    compliance: { regF: item.compliance?.regF ?? true },
    channels: item.channels as Channel[],
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
  };
}

/**
 * The channels as stored: numbered from 1 in the list's order (spec 002 §4), voice-only and
 * non-voice-only fields cleared, and each payment profile checked to be the tenant's own, its name taken
 * from it rather than from the request.
 */
async function storedChannels(body: ProfileBody): Promise<Channel[]> {
  const tenant = useTenant();
  const ids = [
    ...new Set(
      body.channels.flatMap((c) => (c.type !== "Voice" && c.paymentProfileId ? [c.paymentProfileId] : [])),
    ),
  ];
  const found =
    ids.length === 0
      ? []
      : await getAll(
          (keys) => useStore().entities.paymentProfile.get(keys).go(),
          ids.map((id) => ({ tenant, id })),
          "payment profiles",
        );
  const names = new Map(found.map((p) => [p.id, p.name]));
  const errors: FieldError[] = [];
  const channels = body.channels.map((c, index): Channel => {
    const voice = c.type === "Voice";
    if (!voice && !names.has(c.paymentProfileId ?? ""))
      errors.push({ path: `channels.${index}.paymentProfileId`, message: UNKNOWN_PAYMENT_PROFILE_MESSAGE });
    return {
      type: c.type,
      order: index + 1,
      retryDelay: c.retryDelay,
      maxAttempts: c.maxAttempts,
      maxContacts: voice ? (c.maxContacts ?? 1) : null,
      paymentProfileId: voice ? null : (c.paymentProfileId ?? null),
      paymentProfileName: voice ? null : (names.get(c.paymentProfileId ?? "") ?? null),
      defaultTimeZone: voice ? null : (c.defaultTimeZone ?? null),
    };
  });
  if (errors.length > 0)
    throw new VisibleError("input", "profile.unknown_payment_profile", errors[0]?.message ?? "", errors);
  return channels;
}

async function fieldsOf(body: ProfileBody) {
  return {
    name: body.name,
    useAi: body.useAi,
    freshLIFO: body.freshLIFO,
    retryLIFO: body.retryLIFO,
    scrubber: body.scrubber,
    retry: body.retry,
    ai: body.ai,
    compliance: body.compliance,
    channels: await storedChannels(body),
  };
}

export async function listProfiles(page: PageQuery): Promise<Page<Profile>> {
  const tenant = useTenant();
  const { data, cursor } = await storePage(`profiles:${tenant}`, page.cursor, (cursor) =>
    useStore()
      .entities.profile.query.byCreated({ tenant })
      .go({ order: "desc", cursor, limit: page.limit ?? PROFILE_PAGE_SIZE }),
  );
  return { items: data.map(answer), nextCursor: cursor ?? null };
}

export async function getProfile(id: string): Promise<Profile> {
  const tenant = useTenant();
  const { data } = await useStore().entities.profile.get({ tenant, id }).go();
  if (!data) throw notFound(id);
  return answer(data);
}

/** Creates a profile; `id` is for the demo seed's fixed ids (a create with a taken id fails). */
export async function createProfile(body: ProfileBody, id: string = randomUUID()): Promise<Profile> {
  const tenant = useTenant();
  const { data } = await useStore()
    .entities.profile.create({ tenant, id, ...(await fieldsOf(body)) })
    .go();
  return answer(data);
}

/** Replaces the whole profile (the page sends all of it); its campaign count is the store's, never the body's. */
export async function updateProfile(id: string, body: ProfileBody): Promise<Profile> {
  const tenant = useTenant();
  const { data } = await useStore()
    .entities.profile.patch({ tenant, id })
    .set(await fieldsOf(body))
    .go({ response: "all_new" })
    .catch((err: unknown) => {
      throw conditionFailed(err) ? notFound(id) : err;
    });
  return answer(data as ProfileItem);
}

/**
 * Deletes a profile no campaign uses, in one conditional write: the count a campaign's own transaction
 * moves must be 0 at the moment of the delete (usage.ts). Refused with spec 002 §8's sentence otherwise.
 */
export async function deleteProfile(id: string) {
  const tenant = useTenant();
  await useStore()
    .entities.profile.delete({ tenant, id })
    .where((attr, op) => `${op.exists(attr.id)} AND ${op.eq(attr.campaigns, 0)}`)
    .go()
    .catch(async (err: unknown) => {
      if (!conditionFailed(err)) throw err;
      const { data } = await useStore().entities.profile.get({ tenant, id }).go();
      if (!data) throw notFound(id);
      throw new VisibleError("conflict", "profile.in_use", IN_USE_MESSAGE);
    });
}

/** GET /api/payment-profiles: the tenant's payment profiles a non-voice channel may name. */
export async function listPaymentProfiles() {
  const tenant = useTenant();
  const { data } = await useStore()
    .entities.paymentProfile.query.byCreated({ tenant })
    .go({ pages: "all", order: "desc" });
  return { items: data.map((p) => ({ id: p.id, name: p.name })) };
}

import { useTenant } from "../actor/index.ts";
import {
  afterCampaignDelete,
  afterListOperation,
  assertListOperation,
  listFieldsOf,
  registryWrites,
} from "../dialer/lifecycle.ts";
import { useStore } from "../env.ts";
import { VisibleError } from "../error/index.ts";
import { type Page, type PageQuery, storePage } from "../paging.ts";
import { createCampaignUsingProfile, profileMissing } from "../profile/usage.ts";
import { getAll } from "../store/batch-get.ts";
import type { CampaignItem } from "../store/entities.ts";
import { transact } from "../store/transact.ts";
import type { Campaign, CampaignSegment } from "./api.ts";
import { deleteCampaignSchedules, eventsOf, putExpirySchedule } from "./schedule.ts";
import {
  CAMPAIGN_PAGE_SIZE,
  type CampaignForm,
  exhaustionFlags,
  exhaustionOf,
  IN_USE_MESSAGE,
  LOCKED_CHANGE_MESSAGE,
} from "./schema.ts";
import { type CampaignOperation, type CampaignStatus, HOLDS_LOCKS, next, rowActions } from "./state.ts";

export * from "./api.ts";
export * from "./schedule.ts";
export * from "./schedule-schema.ts";
export * from "./schema.ts";
export * from "./state.ts";

/**
 * Campaigns (spec 002 §3-§5, §7-§8): the records, their saves through the profile usage transaction, and
 * the operations that move a campaign through the state machine (state.ts). Every status change is one
 * DynamoDB transaction, conditional on the status it was read with, that also takes or releases the
 * campaign's locks on its skill and segments (CampaignLockEntity): two starts sharing a skill or a
 * segment cannot both win, however close together they come.
 */

const notFound = (id: string) =>
  new VisibleError("not_found", "campaign.not_found", `Campaign ${id} does not exist.`);
const changedMeanwhile = () =>
  new VisibleError(
    "conflict",
    "campaign.changed",
    "The campaign was changed by someone else meanwhile; reload it and try again.",
  );
export const expiredMessage = (expireDate: string) =>
  `This campaign expired on ${expireDate}. Edit its expiration date to start it.`;
export const segmentGoneMessage = (name: string) =>
  `The segment ${name} no longer exists. Edit the campaign to remove it.`;
export const skillMismatchMessage = (skillId: number) => `This campaign does not use skill ${skillId}.`;

const skillLock = (skillId: number) => `skill#${skillId}`;
const segmentLock = (segmentId: string) => `segment#${segmentId}`;

const segmentsOf = (item: CampaignItem): CampaignSegment[] => JSON.parse(item.segments) as CampaignSegment[];

/** The resources a campaign holds while Active or Paused. */
function locksOf(item: Pick<CampaignItem, "skillId" | "segments">): string[] {
  const segs = JSON.parse(item.segments) as CampaignSegment[];
  return [...(item.skillId ? [skillLock(item.skillId)] : []), ...segs.map((s) => segmentLock(s.segmentId))];
}

function answer(item: CampaignItem, profileName: string, now = Date.now()): Campaign {
  const expireDate = item.expireDate ?? null;
  return {
    tenant: item.tenant,
    id: item.id,
    name: item.name,
    skillId: item.skillId ?? null,
    skillName: item.skillName ?? "",
    skillSource: item.skillSource ?? "NiC",
    campaignProfileId: item.campaignProfileId,
    profileName,
    segments: segmentsOf(item),
    sort: item.sort,
    static: item.static,
    status: item.status,
    expireDate,
    expired: expireDate !== null && Date.parse(expireDate) <= now,
    stopOnCompletion: item.stopOnCompletion,
    resetOnCompletion: item.resetOnCompletion,
    exhaustionAction: exhaustionOf(item),
    updatesEmail: item.updatesEmail,
    cache:
      item.cacheAction && item.cacheActionAt
        ? { action: item.cacheAction, requestedAt: item.cacheActionAt }
        : null,
    actions: rowActions(item.status),
    ...eventsOf(item),
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
  };
}

/** The current names of the given profiles (one batch read). */
async function profileNames(ids: string[]): Promise<Map<string, string>> {
  const tenant = useTenant();
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const data = await getAll(
    (keys) => useStore().entities.profile.get(keys).go(),
    unique.map((id) => ({ tenant, id })),
    "campaign profiles",
  );
  return new Map(data.map((p) => [p.id, p.name]));
}

async function answerOne(item: CampaignItem): Promise<Campaign> {
  const names = await profileNames([item.campaignProfileId]);
  return answer(item, names.get(item.campaignProfileId) ?? "");
}

async function read(id: string): Promise<CampaignItem> {
  const { data } = await useStore().entities.campaign.get({ tenant: useTenant(), id }).go();
  if (!data) throw notFound(id);
  return data;
}

/**
 * The dialog's segments with their names, read now: a segment that does not exist (deleted, or another
 * tenant's id) is refused with the field that names it.
 */
async function resolveSegments(form: CampaignForm): Promise<CampaignSegment[]> {
  const tenant = useTenant();
  const data = await getAll(
    (keys) => useStore().entities.segment.get(keys).go(),
    form.segments.map((s) => ({ tenant, id: s.segmentId })),
    "campaign segments",
  );
  const names = new Map(data.map((s) => [s.id, s.name]));
  const errors = form.segments.flatMap((s, i) =>
    names.has(s.segmentId)
      ? []
      : [{ path: `segments.${i}.segmentId`, message: `Segment ${s.segmentId} does not exist.` }],
  );
  if (errors.length > 0)
    throw new VisibleError("input", "campaign.unknown_segment", errors[0]?.message ?? "", errors);
  return form.segments.map((s) => ({
    segmentId: s.segmentId,
    segmentName: names.get(s.segmentId) ?? "",
    segmentRatio: s.segmentRatio,
  }));
}

const fieldsOf = (form: CampaignForm, segments: CampaignSegment[]) => ({
  skillId: form.skillId,
  skillName: form.skillName,
  skillSource: form.skillSource,
  segments: JSON.stringify(segments),
  sort: form.sort,
  static: form.static,
  expireDate: form.expireDate,
  updatesEmail: form.updatesEmail,
  ...exhaustionFlags(form.exhaustionAction),
});

/** The tenant's campaigns, newest first, a page at a time (spec 002 §9: 10). */
export async function listCampaigns(page: PageQuery): Promise<Page<Campaign>> {
  const tenant = useTenant();
  const { data, cursor } = await storePage(`campaigns:${tenant}`, page.cursor, (cursor) =>
    useStore()
      .entities.campaign.query.byCreated({ tenant })
      .go({ order: "desc", cursor, limit: page.limit ?? CAMPAIGN_PAGE_SIZE }),
  );
  const names = await profileNames(data.map((c) => c.campaignProfileId));
  const now = Date.now();
  return {
    items: data.map((c) => answer(c, names.get(c.campaignProfileId) ?? "", now)),
    nextCursor: cursor ?? null,
  };
}

export async function getCampaign(id: string): Promise<Campaign> {
  return answerOne(await read(id));
}

/**
 * Creates a Pending campaign (a clone is a create of the clone dialog's form: spec 002 §7); `id` is for
 * the demo seed's fixed ids (a taken id answers 409 campaign.exists).
 */
export async function createCampaign(form: CampaignForm, fixedId?: string): Promise<Campaign> {
  const segments = await resolveSegments(form);
  const { id } = await createCampaignUsingProfile({
    ...(fixedId ? { id: fixedId } : {}),
    name: form.name,
    campaignProfileId: form.campaignProfileId,
    fields: { ...fieldsOf(form, segments), status: "Pending" },
  });
  await putExpirySchedule({ tenant: useTenant(), id, expireDate: form.expireDate });
  return getCampaign(id);
}

/**
 * Saves the dialog's form over a campaign (spec 002 §4: not when Completed or Expired). A Pending campaign
 * may change anything; an Active or Paused one holds its skill and segments, so those stay (its ratios,
 * order, name, expiry, email, exhaustion action and profile may change). A profile change moves the
 * count from the old profile to the new in the same transaction.
 */
export async function updateCampaign(id: string, form: CampaignForm): Promise<Campaign> {
  const tenant = useTenant();
  const current = await read(id);
  const allowed = next(current.status, "edit");
  if (!allowed.ok) throw new VisibleError("conflict", "campaign.not_editable", allowed.reason);
  const segments = await resolveSegments(form);
  const fields = fieldsOf(form, segments);
  if (HOLDS_LOCKS.has(current.status)) {
    const before = new Set(locksOf(current));
    const after = locksOf(fields);
    if (after.length !== before.size || after.some((l) => !before.has(l)))
      throw new VisibleError("conflict", "campaign.locked_change", LOCKED_CHANGE_MESSAGE);
  }
  const moved = form.campaignProfileId !== current.campaignProfileId;
  const rejected = await transact(() =>
    useStore()
      .transaction.write(({ campaign, profile }) => [
        campaign
          .patch({ tenant, id })
          .set({ ...fields, name: form.name, campaignProfileId: form.campaignProfileId })
          .where(
            (a, op) =>
              `${op.eq(a.status, current.status)} AND ${op.eq(a.campaignProfileId, current.campaignProfileId)}`,
          )
          .commit(),
        ...(moved
          ? [
              profile.patch({ tenant, id: form.campaignProfileId }).add({ campaigns: 1 }).commit(),
              profile.patch({ tenant, id: current.campaignProfileId }).add({ campaigns: -1 }).commit(),
            ]
          : []),
      ])
      .go(),
  );
  if (rejected) {
    if (rejected[0]) throw changedMeanwhile();
    throw profileMissing();
  }
  if (form.expireDate !== current.expireDate)
    await putExpirySchedule({ tenant, id, expireDate: form.expireDate });
  return getCampaign(id);
}

/**
 * Deletes a campaign (spec 002 §4 Delete: an Active or Paused one is stopped and its list cleared
 * first): the record, its locks and its profile's count in one transaction.
 */
export async function deleteCampaign(id: string): Promise<void> {
  const tenant = useTenant();
  const current = await read(id);
  const locks = HOLDS_LOCKS.has(current.status) ? locksOf(current) : [];
  const rejected = await transact(() =>
    useStore()
      .transaction.write((tx) => [
        tx.campaign
          .delete({ tenant, id })
          .where((a, op) => op.eq(a.status, current.status))
          .commit(),
        tx.profile.patch({ tenant, id: current.campaignProfileId }).add({ campaigns: -1 }).commit(),
        ...locks.map((resource) =>
          tx.campaignLock
            .delete({ tenant, resource })
            .where((a, op) => op.eq(a.campaignId, id))
            .commit(),
        ),
        ...registryWrites(tx, { tenant, campaignId: id }, current.status, null),
      ])
      .go(),
  );
  if (rejected) {
    if (rejected[0]) throw changedMeanwhile();
    throw new Error(`campaign ${id}: its profile or locks were not as recorded`);
  }
  await afterCampaignDelete(current);
  await deleteCampaignSchedules(current);
}

const CACHE_ACTION: Partial<Record<CampaignOperation, CampaignItem["cacheAction"]>> = {
  start: "build",
  pause: "pause",
  restart: "restart",
  reset: "reset",
  terminate: "clear",
  complete: "clear",
  expire: "clear",
};

/**
 * Applies an operation of the state machine to a campaign (start, pause, restart, terminate, reset,
 * complete, expire): refused with the machine's reason when its status does not allow it, and a start
 * also when the campaign has expired or another Active or Paused campaign holds its skill or one of its
 * segments. `skillId`, when the call names one (the spec's /cache/{op}/{campaignId}/{skillId}), must be
 * the campaign's. The status, the locks and the recorded list-manager action change in one transaction.
 */
export async function operateCampaign(
  id: string,
  operation: Exclude<CampaignOperation, "delete" | "edit">,
  options: { skillId?: number; now?: Date } = {},
): Promise<Campaign> {
  const tenant = useTenant();
  const current = await read(id);
  if (options.skillId !== undefined && options.skillId !== current.skillId)
    throw new VisibleError("input", "campaign.other_skill", skillMismatchMessage(options.skillId), [
      { path: "skillId", message: skillMismatchMessage(options.skillId) },
    ]);
  const outcome = next(current.status, operation);
  if (!outcome.ok) throw new VisibleError("conflict", "campaign.not_allowed", outcome.reason);
  const status = outcome.status as CampaignStatus;
  const now = options.now ?? new Date();
  if (operation === "start" && current.expireDate && Date.parse(current.expireDate) <= now.getTime())
    throw new VisibleError("conflict", "campaign.expired", expiredMessage(current.expireDate));
  await assertListOperation(current, operation);
  const list = listFieldsOf(operation);

  const take = operation === "start" ? locksOf(current) : [];
  const release = HOLDS_LOCKS.has(current.status) && !HOLDS_LOCKS.has(status) ? locksOf(current) : [];
  const segments = operation === "start" ? segmentsOf(current) : [];
  const rejected = await transact(() =>
    useStore()
      .transaction.write((tx) => [
        tx.campaign
          .patch({ tenant, id })
          .set({
            status,
            cacheAction: CACHE_ACTION[operation],
            cacheActionAt: now.toISOString(),
            ...list,
          })
          .where((a, op) => op.eq(a.status, current.status))
          .commit(),
        ...take.map((resource) =>
          tx.campaignLock
            .put({ tenant, resource, campaignId: id })
            .where((a, op) => `${op.notExists(a.campaignId)} OR ${op.eq(a.campaignId, id)}`)
            .commit(),
        ),
        ...release.map((resource) =>
          tx.campaignLock
            .delete({ tenant, resource })
            .where((a, op) => op.eq(a.campaignId, id))
            .commit(),
        ),
        ...segments.map((s) =>
          tx.segment
            .check({ tenant, id: s.segmentId })
            .where((a, op) => op.exists(a.id))
            .commit(),
        ),
        ...(operation === "start"
          ? [
              tx.profile
                .check({ tenant, id: current.campaignProfileId })
                .where((a, op) => op.exists(a.id))
                .commit(),
            ]
          : []),
        // Last, so the refusals above keep their places; the registry write has no condition.
        ...registryWrites(tx, { tenant, campaignId: id }, current.status, status),
      ])
      .go(),
  );
  if (rejected) {
    if (rejected[0]) {
      // Someone else moved it first: answer with what it is now.
      const now = await read(id);
      const again = next(now.status, operation);
      throw new VisibleError(
        "conflict",
        again.ok ? "campaign.changed" : "campaign.not_allowed",
        again.ok ? changedMeanwhile().message : again.reason,
      );
    }
    const locks = rejected.slice(1, 1 + take.length + release.length);
    if (locks.some(Boolean)) throw new VisibleError("conflict", "campaign.in_use", IN_USE_MESSAGE);
    const segs = rejected.slice(
      1 + take.length + release.length,
      1 + take.length + release.length + segments.length,
    );
    const gone = segments.filter((_, i) => segs[i]);
    if (gone.length > 0)
      throw new VisibleError(
        "input",
        "campaign.segment_gone",
        segmentGoneMessage(gone.map((s) => s.segmentName).join(", ")),
      );
    throw profileMissing();
  }
  await afterListOperation(current, operation, list);
  return getCampaign(id);
}

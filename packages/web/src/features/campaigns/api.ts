import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { api, unwrap } from "../../lib/api.ts";

/** ["campaign"] is the entity's name: the live feed refreshes every list on a campaign change. */
export const campaignKeys = {
  all: ["campaign"] as const,
  list: (limit: number, cursor: string | undefined) => ["campaign", "list", limit, cursor ?? null] as const,
};

export const campaignListQuery = (limit: number, cursor: string | undefined) =>
  queryOptions({
    queryKey: campaignKeys.list(limit, cursor),
    queryFn: () => unwrap(api.campaigns.$get({ query: { limit: String(limit), cursor } })),
    placeholderData: keepPreviousData,
  });
export type CampaignRow = Awaited<
  ReturnType<NonNullable<ReturnType<typeof campaignListQuery>["queryFn"]>>
>["items"][number];

/** The operations of a row (spec 002 §7 REST calls under /api/cache, and the record's delete). */
export const campaignOps = {
  start: (c: CampaignRow) =>
    unwrap(api.cache.create.$post({ json: { campaignId: c.id, dataSource: "beast" } })),
  pause: (c: CampaignRow) =>
    unwrap(
      api.cache.pause[":campaignId"][":skillId"].$post({
        param: { campaignId: c.id, skillId: String(c.skillId) },
      }),
    ),
  restart: (c: CampaignRow) =>
    unwrap(
      api.cache.restart[":campaignId"][":skillId"].$post({
        param: { campaignId: c.id, skillId: String(c.skillId) },
      }),
    ),
  terminate: (c: CampaignRow) =>
    unwrap(
      api.cache.delete[":campaignId"][":skillId"].$delete({
        param: { campaignId: c.id, skillId: String(c.skillId) },
      }),
    ),
  reset: (c: CampaignRow) => unwrap(api.cache.reset[":campaignId"].$post({ param: { campaignId: c.id } })),
  delete: (c: CampaignRow) => unwrap(api.campaigns[":id"].$delete({ param: { id: c.id } })),
};
export type CampaignOp = keyof typeof campaignOps;

export const campaignQuery = (id: string) =>
  queryOptions({
    queryKey: ["campaign", "one", id] as const,
    queryFn: () => unwrap(api.campaigns[":id"].$get({ param: { id } })),
  });

/** The Skill select's choices: the tenant's CXone outbound skills (GET /api/skills). */
export const skillsQuery = () =>
  queryOptions({
    queryKey: ["skills"] as const,
    queryFn: async () => (await unwrap(api.skills.$get())).items,
  });

/** Every page of a list, for a select of all the tenant's records (500 a page, the API's most). */
async function everyPage<T>(
  page: (cursor: string | undefined) => Promise<{ items: T[]; nextCursor: string | null }>,
): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | undefined;
  do {
    const answer = await page(cursor);
    items.push(...answer.items);
    cursor = answer.nextCursor ?? undefined;
  } while (cursor);
  return items;
}

/** The Profile select's choices (GET /api/profiles); ["profile"] so a profile change refreshes it. */
export const allProfilesQuery = () =>
  queryOptions({
    queryKey: ["profile", "all"] as const,
    queryFn: () => everyPage((cursor) => unwrap(api.profiles.$get({ query: { limit: "500", cursor } }))),
  });

/** The segment picker's choices (GET /api/segments); ["segment"] so a segment change refreshes it. */
export const allSegmentsQuery = () =>
  queryOptions({
    queryKey: ["segment", "all"] as const,
    queryFn: () => everyPage((cursor) => unwrap(api.segments.$get({ query: { limit: "500", cursor } }))),
  });

export type CampaignBody = Parameters<(typeof api)["campaigns"]["$post"]>[0]["json"];

/** Save: a create and a clone post (spec 002 §7: no id), an edit puts over its campaign. */
export const saveCampaign = (id: string | undefined, json: CampaignBody) =>
  id ? unwrap(api.campaigns[":id"].$put({ param: { id }, json })) : unwrap(api.campaigns.$post({ json }));

/**
 * What the Export dialog may offer (GET /api/export/campaign/targets). Keyed under the SFTP export
 * form's entity, so saving that form refreshes it.
 */
export const exportTargetsQuery = () =>
  queryOptions({
    queryKey: ["ftpExport", "targets"] as const,
    queryFn: () => unwrap(api.export.campaign.targets.$get()),
  });

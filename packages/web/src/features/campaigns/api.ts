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

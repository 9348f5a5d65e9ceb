import type { StatusChannel } from "@reachcx/core/dialer/status-api";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { api, unwrap } from "../../lib/api.ts";

/**
 * The Campaign Status and Segment breakdown dialogs' reads (POST /api/cache/status and
 * /api/cache/status-breakdown). Keyed under ["campaignStatus"], not the counters' entity name: the dialog
 * follows the live counters itself, at most one refetch a second.
 */
export const statusKeys = {
  all: ["campaignStatus"] as const,
  status: (campaignId: string, channel: StatusChannel) => ["campaignStatus", campaignId, channel] as const,
  breakdown: (campaignId: string, segmentId: string, channel: StatusChannel) =>
    ["campaignStatus", campaignId, "breakdown", segmentId, channel] as const,
};

export const campaignStatusQuery = (campaignId: string, channel: StatusChannel) =>
  queryOptions({
    queryKey: statusKeys.status(campaignId, channel),
    queryFn: () => unwrap(api.cache.status.$post({ json: { campaignId, channel } })),
    placeholderData: keepPreviousData,
  });

/** The viewer's offset in minutes EAST of UTC (the API's utcOffset; the browser's own sign is the opposite). */
export const viewerUtcOffset = (at = new Date()) => -at.getTimezoneOffset();

export const breakdownQuery = (campaignId: string, segmentId: string, channel: StatusChannel) =>
  queryOptions({
    queryKey: statusKeys.breakdown(campaignId, segmentId, channel),
    queryFn: () =>
      unwrap(
        api.cache["status-breakdown"].$post({
          json: { campaignId, segmentId, channel, utcOffset: viewerUtcOffset() },
        }),
      ),
  });

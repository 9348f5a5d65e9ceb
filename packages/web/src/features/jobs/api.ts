import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { api, unwrap } from "../../lib/api.ts";

/**
 * ["job"] is the entity's name: every job write reaches /live as `{entity: "job"}` and the live feed
 * refreshes every query under it (lib/realtime.ts), so a progress bar moves as the worker checkpoints.
 */
export const jobKeys = {
  all: ["job"] as const,
  list: (limit: number, cursor: string | undefined) => ["job", "list", limit, cursor ?? null] as const,
  one: (id: string) => ["job", "one", id] as const,
};

export const JOB_PAGE_SIZE = 10;

/** Whether a job may still change: its queries poll while it is, in case the live feed is down. */
export const isActive = (state: string) => state === "queued" || state === "running";
/** While the live feed is down, a running job is still followed this often. */
export const POLL_MS = 2000;

export const jobListQuery = (limit: number, cursor: string | undefined) =>
  queryOptions({
    queryKey: jobKeys.list(limit, cursor),
    queryFn: () => unwrap(api.jobs.$get({ query: { limit: String(limit), cursor } })),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.items.some((j) => isActive(j.state)) ? POLL_MS : false),
  });
export type JobRow = Awaited<
  ReturnType<NonNullable<ReturnType<typeof jobListQuery>["queryFn"]>>
>["items"][number];

export const jobQuery = (id: string) =>
  queryOptions({
    queryKey: jobKeys.one(id),
    queryFn: () => unwrap(api.jobs[":id"].$get({ param: { id } })),
    refetchInterval: (query) => (query.state.data && !isActive(query.state.data.state) ? false : POLL_MS),
  });

export const cancelJob = (id: string) => unwrap(api.jobs[":id"].cancel.$post({ param: { id } }));
export const jobReportLink = (id: string) => unwrap(api.jobs[":id"].report.$get({ param: { id } }));

/** Opens the job's report: a short-lived link asked for at the moment of the click. */
export async function openReport(id: string) {
  const link = await jobReportLink(id);
  window.location.assign(link.url);
}

/** What the kinds are called on screen. */
export const KIND_LABELS: Record<string, string> = {
  import: "Import",
  bulkEdit: "Bulk edit",
  bulkDelete: "Bulk delete",
  sftpImport: "SFTP import",
  restPull: "REST pull",
};

/** The counters of a kind in the order and words the screens show them. */
export const COUNTER_LABELS: Record<string, string> = {
  read: "Rows read",
  imported: "Imported",
  updated: "Updated",
  rejected: "Rejected",
  successful: "Successful",
  error: "Error",
};

import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { JOB_PAGE_SIZE, jobListQuery } from "../features/jobs/api.ts";
import { type PageWalk, validWalk } from "../lib/paging.tsx";
import { screenAt } from "./catalog.ts";
import { gate } from "./root.tsx";
import { whenOpen } from "./screen.ts";

const bulk = screenAt("/bulk-edit");
const jobs = screenAt("/jobs");

/** A job id as the URL may carry one. */
const jobParam = (raw: unknown) =>
  typeof raw === "string" && /^[A-Za-z0-9-]{1,100}$/.test(raw) ? raw : undefined;

/** /bulk-edit?job=: the query, field and value editor; `job` is the bulk job whose progress is shown. */
export const bulkEditRoute = createRoute({
  getParentRoute: () => gate,
  path: "/bulk-edit",
  staticData: { screen: bulk },
  validateSearch: (raw: Record<string, unknown>): { job?: string } => {
    const job = jobParam(raw.job);
    return job ? { job } : {};
  },
  component: lazyRouteComponent(() => import("../features/bulk-edit/BulkEdit.tsx"), "BulkEdit"),
});

/** /jobs: the tenant's recent jobs, ten a page, the page walk in the URL. */
export const jobsRoute = createRoute({
  getParentRoute: () => gate,
  path: "/jobs",
  staticData: { screen: jobs },
  validateSearch: (raw: Record<string, unknown>): PageWalk => validWalk(raw),
  loaderDeps: ({ search }) => ({ cursor: search.cursors?.at(-1) }),
  loader: ({ context, deps }) =>
    whenOpen(context, jobs, () =>
      context.queryClient.ensureQueryData(jobListQuery(JOB_PAGE_SIZE, deps.cursor)),
    ),
  component: lazyRouteComponent(() => import("../features/jobs/JobList.tsx"), "JobList"),
});

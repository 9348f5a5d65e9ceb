import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { sftpExportQuery, sftpImportListQuery } from "../features/sftp/api.ts";
import { SFTP_IMPORT_PAGE_SIZE, sftpSearch, tabOf } from "../features/sftp/search.ts";
import { screenAt } from "./catalog.ts";
import { gate } from "./root.tsx";
import { whenOpen } from "./screen.ts";

const screen = screenAt("/config/sftp");

/** /config/sftp?tab=&cursors=&page=: the SFTP Import tab's table (five a page) or the SFTP Export form. */
export const sftpRoute = createRoute({
  getParentRoute: () => gate,
  path: "/config/sftp",
  staticData: { screen },
  validateSearch: sftpSearch,
  loaderDeps: ({ search }) => ({ tab: tabOf(search), cursor: search.cursors?.at(-1) }),
  loader: ({ context, deps }) =>
    // A prefetch never throws: a failed load is the tab's to answer with the spec's toast (spec 001 §8),
    // not the route's error page.
    whenOpen(context, screen, () =>
      deps.tab === "export"
        ? context.queryClient.prefetchQuery(sftpExportQuery())
        : context.queryClient.prefetchQuery(sftpImportListQuery(SFTP_IMPORT_PAGE_SIZE, deps.cursor)),
    ),
  component: lazyRouteComponent(() => import("../features/sftp/SftpScreen.tsx"), "SftpScreen"),
});

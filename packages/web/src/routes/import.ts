import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { importMappingsQuery } from "../features/import/mappings.ts";
import { type PageWalk, validWalk } from "../lib/paging.tsx";
import { screenAt } from "./catalog.ts";
import { gate } from "./root.tsx";
import { whenOpen } from "./screen.ts";

const contactImport = screenAt("/import");
const outbox = screenAt("/outbox");

/** An id as the URL may carry one. */
const idParam = (raw: unknown) =>
  typeof raw === "string" && /^[A-Za-z0-9_-]{1,100}$/.test(raw) ? raw : undefined;

/** /import?mapping=&job=: the chosen field mapping, and the import job being followed. */
export const importRoute = createRoute({
  getParentRoute: () => gate,
  path: "/import",
  staticData: { screen: contactImport },
  validateSearch: (raw: Record<string, unknown>): { mapping?: string; job?: string } => {
    const mapping = idParam(raw.mapping);
    const job = idParam(raw.job);
    return { ...(mapping ? { mapping } : {}), ...(job ? { job } : {}) };
  },
  loader: ({ context }) =>
    whenOpen(context, contactImport, () => context.queryClient.prefetchQuery(importMappingsQuery())),
  component: lazyRouteComponent(() => import("../features/import/ContactImport.tsx"), "ContactImport"),
});

/** /outbox?id=&cursors=: the embedded outbox, one message open. */
export const outboxRoute = createRoute({
  getParentRoute: () => gate,
  path: "/outbox",
  staticData: { screen: outbox },
  validateSearch: (raw: Record<string, unknown>): PageWalk & { id?: string } => {
    const id = idParam(raw.id);
    return { ...validWalk(raw), ...(id ? { id } : {}) };
  },
  component: lazyRouteComponent(() => import("../features/outbox/Outbox.tsx"), "Outbox"),
});

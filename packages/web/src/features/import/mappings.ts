import { queryOptions } from "@tanstack/react-query";
import { api, unwrap } from "../../lib/api.ts";

/** The import's mapping picker lists up to this many mappings (a tenant keeps a handful; spec 001 pages them by 10). */
export const MAPPINGS_LISTED = 500;

/**
 * The mappings an import can use (GET /api/contacts/import/mappings, Inventory Management's), keyed under
 * ["fieldMappings"] so a mapping saved in another tab refreshes the picker too.
 */
export const importMappingsQuery = () =>
  queryOptions({
    queryKey: ["fieldMappings", "import", MAPPINGS_LISTED] as const,
    queryFn: () => unwrap(api.contacts.import.mappings.$get({ query: { limit: String(MAPPINGS_LISTED) } })),
  });

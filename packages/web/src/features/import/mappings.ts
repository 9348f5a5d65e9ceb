/** The import's mapping picker lists up to this many mappings (a tenant keeps a handful; spec 001 pages them by 10). */
export const MAPPINGS_LISTED = 500;

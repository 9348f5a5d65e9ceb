import { type PageWalk, validWalk } from "../../lib/paging.tsx";

/** The screen's search (a number's first digits) and page walk, kept in the URL (/dnc?phone=&cursors=&page=). */
export interface DncSearch extends PageWalk {
  phone?: string;
}

export const dncSearch = (raw: Record<string, unknown>): DncSearch => {
  const phone = typeof raw.phone === "string" ? raw.phone.replace(/\D/g, "").slice(0, 10) : "";
  return { ...validWalk(raw), ...(phone ? { phone } : {}) };
};

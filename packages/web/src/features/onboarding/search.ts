import { type PageWalk, validWalk } from "../../lib/paging.tsx";

/** Spec 003 §9: onboarding tables page 10. */
export const VENDOR_PAGE_SIZE = 10;

/** The Applications table's page walk and the vendor previewed, in the URL. */
export type VendorListSearch = PageWalk & { preview?: string };
export const vendorListSearch = (raw: Record<string, unknown>): VendorListSearch => ({
  ...validWalk(raw),
  ...(typeof raw.preview === "string" && raw.preview.length <= 100 ? { preview: raw.preview } : {}),
});

/** The stepper's step in the URL (0-6), so a reload stays on it. */
export const stepperSearch = (raw: Record<string, unknown>): { step?: number } => {
  const step = Number(raw.step);
  return Number.isInteger(step) && step >= 0 && step <= 6 ? { step } : {};
};

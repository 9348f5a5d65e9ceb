import * as v from "valibot";
import { pageOf } from "../paging.ts";
import { PRICING_TYPES } from "./pricing.ts";
import { ContactEmail, VENDOR_STATUSES, VendorId, VendorName } from "./schema.ts";

export * from "./schema.ts";

/**
 * The onboarding service's requests and answers (spec 003 §7.3, /api/cms-onboard/*), and the vendor
 * form's rules (spec 003 §5 "Vendor", "Gateway credentials"). Browser-safe: the console's forms use them.
 */

/** The merchant-services application's identifiers as the spec names them (cmsInfo). */
export const CmsInfo = v.strictObject({
  cmsMerchId: v.optional(v.pipe(v.string(), v.maxLength(200))),
  cmsMerchHash: v.optional(v.pipe(v.string(), v.maxLength(200))),
  cmsAppToken: v.optional(v.pipe(v.string(), v.maxLength(500))),
});

export const CreateVendorBody = v.strictObject({
  id: VendorId,
  name: VendorName,
  contactName: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100))),
  contactEmail: v.optional(ContactEmail),
  cmsInfo: v.optional(CmsInfo),
});
export type CreateVendorBody = v.InferOutput<typeof CreateVendorBody>;

/**
 * update-vendor: the name and the merchant's contact at any time; `status` only "Approved", which is the
 * final approval (the workflow sets every other status). cmsInfo comes from the partner, not from here.
 */
export const UpdateVendorBody = v.strictObject({
  id: VendorId,
  name: v.optional(VendorName),
  contactName: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100))),
  contactEmail: v.optional(ContactEmail),
  status: v.optional(v.picklist(VENDOR_STATUSES)),
  cmsInfo: v.optional(CmsInfo),
});
export type UpdateVendorBody = v.InferOutput<typeof UpdateVendorBody>;

export const ModifyVendorIdBody = v.strictObject({ oldId: VendorId, newId: VendorId, newName: VendorName });
export const DeleteVendorBody = v.strictObject({ id: VendorId });
export const CloneVendorBody = v.strictObject({ vendorId: VendorId });
export const VendorIdBody = v.strictObject({ vendorId: VendorId });
export const VendorIdParam = v.object({ id: v.pipe(v.string(), v.maxLength(100)) });

const PriceMap = v.record(v.pipe(v.string(), v.maxLength(60)), v.unknown());

/** save-fees: the spec's per-provider JSON strings, as objects; values are checked by checkPricing. */
export const SaveFeesBody = v.strictObject({
  id: v.optional(v.pipe(v.string(), v.maxLength(100))),
  vendor: VendorId,
  type: v.picklist(PRICING_TYPES, "Please choose a pricing type"),
  vmdPricing: PriceMap,
  /** null: American Express disabled. */
  amexPricing: v.nullable(PriceMap),
  fees: PriceMap,
  internalExempt: v.optional(v.boolean(), false),
});
export type SaveFeesBody = v.InferOutput<typeof SaveFeesBody>;

const Prices = v.record(v.string(), v.number());

export const Fees = v.strictObject({
  id: v.string(),
  vendor: v.string(),
  type: v.picklist(PRICING_TYPES),
  vmdPricing: Prices,
  amexPricing: v.nullable(Prices),
  fees: Prices,
  internalExempt: v.boolean(),
  updatedAt: v.string(),
});
export type Fees = v.InferOutput<typeof Fees>;
export const FeesList = v.strictObject({ items: v.array(Fees) });
export const SavedFees = v.strictObject({ id: v.string() });

/** A vendor as the API answers it: the gateway credentials never leave the server (only the username). */
export const Vendor = v.strictObject({
  id: v.string(),
  name: v.string(),
  status: v.picklist(VENDOR_STATUSES),
  contactName: v.nullable(v.string()),
  contactEmail: v.nullable(v.string()),
  cmsInfo: v.strictObject({
    cmsMerchId: v.nullable(v.string()),
    cmsMerchHash: v.nullable(v.string()),
    cmsAppToken: v.nullable(v.string()),
    /** "********" when saved, else null. */
    nexioCredentials: v.nullable(v.string()),
    nexioUsername: v.nullable(v.string()),
  }),
  applicationUrl: v.nullable(v.string()),
  /** The onboarding workflow: its execution, the step it is in, the human step it waits on. */
  workflow: v.strictObject({
    executionArn: v.nullable(v.string()),
    step: v.nullable(v.string()),
    waitingFor: v.nullable(v.string()),
    lastError: v.nullable(
      v.strictObject({ step: v.string(), error: v.string(), cause: v.string(), at: v.string() }),
    ),
  }),
  createdAt: v.string(),
  updatedAt: v.string(),
});
export type Vendor = v.InferOutput<typeof Vendor>;
export const VendorPage = pageOf(Vendor);

export const HistoryEvent = v.strictObject({
  at: v.string(),
  type: v.string(),
  state: v.nullable(v.string()),
  error: v.nullable(v.string()),
  cause: v.nullable(v.string()),
});
export const VendorHistory = v.strictObject({
  executionArn: v.nullable(v.string()),
  items: v.array(HistoryEvent),
});
export type VendorHistory = v.InferOutput<typeof VendorHistory>;

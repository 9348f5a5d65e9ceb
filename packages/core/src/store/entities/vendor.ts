import { type CreateEntityItem, Entity, type EntityItem } from "electrodb";
import { SERVICE, timestamps } from "../attributes.ts";

/** Spec 003 §4: SignUp -> ApplicationUpdated -> OnBoardComplete -> Approved. */
export const VENDOR_STATUSES = ["SignUp", "ApplicationUpdated", "OnBoardComplete", "Approved"] as const;

/**
 * Vendor — a merchant being onboarded for the payment feature (spec 003 §3 Vendor): a provider-level
 * record in the reserved provider partition (no tenant owns it; the provider's SuperAdmins manage it).
 * The onboarding workflow (core/src/workflows/onboarding.ts) moves its status; `step` is the state its
 * execution is in (or last failed in), `waitingFor` the human step it waits on.
 * Access patterns: list all vendors (the Applications table, paged); get by id.
 */
export const VendorEntity = new Entity({
  model: { entity: "vendor", version: "1", service: SERVICE },
  attributes: {
    id: { type: "string", required: true, readOnly: true },
    name: { type: "string", required: true },
    status: { type: VENDOR_STATUSES, required: true, default: "SignUp" },
    /** The merchant's contact for the application email (Merchant Information step). */
    contactName: { type: "string" },
    contactEmail: { type: "string" },
    /** The merchant-services partner's application (createAppFromLandingPage). */
    cmsMerchId: { type: "string" },
    cmsMerchHash: { type: "string" },
    cmsAppToken: { type: "string" },
    /** The hosted application page the merchant fills in. */
    applicationUrl: { type: "string" },
    /** The payment gateway's basic credentials ("user:password"), sealed by the Secrets port. */
    nexioCredentials: { type: "string" },
    nexioUsername: { type: "string" },
    /** The workflow execution that onboards this vendor. */
    executionArn: { type: "string" },
    step: { type: "string" },
    waitingFor: { type: "string" },
    /** The hash of the task token the execution waits on (the token itself is on the wait record). */
    waitToken: { type: "string" },
    /** The last step that failed and why; cleared when a step succeeds. */
    lastError: {
      type: "map",
      properties: {
        step: { type: "string", required: true },
        error: { type: "string", required: true },
        cause: { type: "string", required: true },
        at: { type: "string", required: true },
      },
    },
    ...timestamps,
  },
  indexes: {
    // The reserved provider partition, as the tenant entity's (a few hundred merchants fit one partition).
    byId: { pk: { field: "pk", composite: [] }, sk: { field: "sk", composite: ["id"] } },
  },
});

export type VendorItem = EntityItem<typeof VendorEntity>;
export type CreateVendorItem = CreateEntityItem<typeof VendorEntity>;

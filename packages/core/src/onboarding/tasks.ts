import { createHash, randomUUID } from "node:crypto";
import { useEnv, useStore } from "../env.ts";
import type { Mail } from "../mail/port.ts";
import type { VendorItem } from "../store/entities.ts";
import type { OnboardingStep } from "../workflows/onboarding.ts";
import { InvalidGatewayCredentials, whoAmI } from "./gateway.ts";
import { applicationUrl, createApplication, PartnerRefused, updateAmexFees, updateFees } from "./partner.ts";
import { checkPricing, type PricingInput } from "./pricing.ts";

/**
 * The onboarding workflow's task function (core/src/workflows/onboarding.ts): one entry, `runTask`, that
 * the AWS task Lambda (packages/functions/src/workflows/onboarding.ts) and the embedded runner
 * (packages/local/src/workflows.ts) both call with the state's Payload. Each step is idempotent, so the
 * ASL's retries and a resumed execution never do a step's work twice: an application already opened is
 * not opened again, a status already past is not set back.
 */

export interface TaskEvent {
  step: OnboardingStep | "RecordFailure";
  vendorId: string;
  /** The SuperAdmin's tenant that started the onboarding (the mail's tenant). */
  tenant?: string;
  executionArn?: string;
  /** Wait states: the token to hand to whoever completes the step. */
  taskToken?: string;
  /** SaveFees: the pricing the stepper sent (PricingInput plus the fees row id). */
  pricing?: PricingInput & { id: string };
  /** SaveGatewayToken: the credentials the stepper sent, the password sealed by the Secrets port. */
  credentials?: { username: string; password: string };
  /** RecordFailure: the caught error. */
  failure?: { Error?: string; Cause?: string };
}

/** What the task function needs besides the Store: the Mail port (the Env's). */
export interface TaskBindings {
  mail: Pick<Mail, "send">;
}

export const hashToken = (token: string) => createHash("sha256").update(token).digest("base64url");

export class VendorGone extends Error {
  override name = "VendorGone";
}

const STATUS_ORDER = ["SignUp", "ApplicationUpdated", "OnBoardComplete", "Approved"] as const;
type Status = (typeof STATUS_ORDER)[number];
/** A status that only moves forward (spec 003 §4: "status stays if already past SignUp"). */
const atLeast = (current: Status, next: Status): Status =>
  STATUS_ORDER.indexOf(current) >= STATUS_ORDER.indexOf(next) ? current : next;

async function vendorOf(id: string): Promise<VendorItem> {
  const { data } = await useStore().entities.vendor.get({ id }).go();
  if (!data) throw new VendorGone(`Vendor ${id} does not exist.`);
  return data;
}

/** Sets the given fields; a field given as undefined is removed. A vendor deleted meanwhile: VendorGone. */
export async function patchVendor(id: string, fields: Partial<VendorItem>) {
  const set = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
  const remove = Object.entries(fields)
    .filter(([, v]) => v === undefined)
    .map(([k]) => k);
  let patch = useStore()
    .entities.vendor.patch({ id })
    .set(set as never);
  if (remove.length > 0) patch = patch.remove(remove as never);
  await patch.go().catch((err: unknown) => {
    if (conditionFailed(err)) throw new VendorGone(`Vendor ${id} does not exist.`);
    throw err;
  });
}

/** ElectroDB wraps the client's ConditionalCheckFailedException; its name or message may be on the cause. */
export const conditionFailed = (err: unknown): boolean =>
  err instanceof Error &&
  (err.name === "ConditionalCheckFailedException" ||
    /conditional request failed|ConditionalCheckFailed/i.test(err.message) ||
    conditionFailed(err.cause));

export async function runTask(event: TaskEvent, bindings: TaskBindings): Promise<Record<string, unknown>> {
  const { step, vendorId } = event;
  if (step === "RecordFailure") return recordFailure(event);
  const vendor = await vendorOf(vendorId);
  if (event.taskToken !== undefined) return recordWait(event, vendor);
  await patchVendor(vendorId, { step, waitingFor: undefined });
  switch (step) {
    case "CreateApplication":
      return openApplication(vendor);
    case "SaveFees":
      return saveFees(event, vendor);
    case "UpdateApplication":
      return updateApplication(vendor);
    case "EmailApplicationLink":
      return emailLink(event, vendor, bindings);
    case "SaveGatewayToken":
      return saveGatewayToken(event, vendor);
    case "Approve":
      await patchVendor(vendorId, { status: "Approved", step: "Approve" });
      return { status: "Approved" };
    default:
      throw new Error(`${step} is a wait: it needs a task token.`);
  }
}

/** A human step: keep the token (hashed on the vendor, whole on the wait record) and return; the execution waits. */
async function recordWait(event: TaskEvent, vendor: VendorItem) {
  const token = event.taskToken as string;
  const tokenHash = hashToken(token);
  await useStore()
    .entities.workflowWait.upsert({
      tokenHash,
      token,
      executionArn: event.executionArn ?? vendor.executionArn ?? "",
      state: event.step,
      input: { vendorId: vendor.id, tenant: event.tenant ?? null },
      status: "waiting",
    })
    .go();
  await patchVendor(vendor.id, { step: event.step, waitingFor: event.step, waitToken: tokenHash });
  return { waitingFor: event.step };
}

async function openApplication(vendor: VendorItem) {
  // Idempotent: a retry after the partner answered (or a vendor created with its cmsInfo) keeps the application.
  if (vendor.cmsMerchId && vendor.cmsMerchHash && vendor.cmsAppToken) {
    if (!vendor.applicationUrl)
      await patchVendor(vendor.id, {
        applicationUrl: applicationUrl({ merchantHash: vendor.cmsMerchHash, token: vendor.cmsAppToken }),
      });
    return { merchantId: vendor.cmsMerchId, created: false };
  }
  if (!vendor.contactEmail) throw new PartnerRefused("The merchant's contact email is missing.");
  const app = await createApplication({
    vendorId: vendor.id,
    name: vendor.name,
    contactName: vendor.contactName ?? vendor.name,
    contactEmail: vendor.contactEmail,
  });
  await patchVendor(vendor.id, {
    cmsMerchId: app.merchantId,
    cmsMerchHash: app.merchantHash,
    cmsAppToken: app.token,
    applicationUrl: applicationUrl(app),
    lastError: undefined,
  });
  return { merchantId: app.merchantId, created: true };
}

async function saveFees(event: TaskEvent, vendor: VendorItem) {
  if (!event.pricing) throw new PartnerRefused("No pricing was sent.");
  const { errors, value } = checkPricing(event.pricing);
  if (errors.length > 0) throw new PartnerRefused(`Pricing is not valid: ${errors[0]?.message}`);
  const id = event.pricing.id || randomUUID();
  await useStore()
    .entities.fees.upsert({
      vendor: vendor.id,
      id,
      type: value.type,
      vmdPricing: value.vmdPricing,
      amexPricing: value.amexPricing ?? undefined,
      fees: value.fees,
      internalExempt: value.internalExempt,
    })
    .go();
  return { feesId: id };
}

async function updateApplication(vendor: VendorItem) {
  if (!vendor.cmsMerchId) throw new PartnerRefused("Please create a CMS app before continuing");
  const { data: fees } = await useStore().entities.fees.get({ vendor: vendor.id }).go();
  if (!fees) throw new PartnerRefused("Please verify that the pricing information is complete");
  await updateFees(vendor.cmsMerchId, {
    pricingType: fees.type,
    ...fees.vmdPricing,
    ...fees.fees,
    internalExempt: fees.internalExempt,
  });
  if (fees.amexPricing)
    await updateAmexFees(vendor.cmsMerchId, { pricingType: fees.type, ...fees.amexPricing });
  const status = atLeast(vendor.status, "ApplicationUpdated");
  await patchVendor(vendor.id, { status, lastError: undefined });
  return { status };
}

async function emailLink(event: TaskEvent, vendor: VendorItem, bindings: TaskBindings) {
  if (!vendor.contactEmail || !vendor.applicationUrl)
    throw new PartnerRefused("Please generate a link to the application");
  const greeting = vendor.contactName ? `Hello ${vendor.contactName},` : "Hello,";
  const text = [
    greeting,
    "",
    `Your merchant application for ${vendor.name} is ready. Please complete it here:`,
    vendor.applicationUrl,
    "",
    "Thank you.",
  ].join("\n");
  const { id } = await bindings.mail.send({
    tenant: event.tenant ?? "provider",
    to: [vendor.contactEmail],
    subject: `Your merchant application for ${vendor.name}`,
    text,
    tag: "onboarding",
  });
  return { mailId: id, to: vendor.contactEmail };
}

async function saveGatewayToken(event: TaskEvent, vendor: VendorItem) {
  if (!event.credentials) throw new InvalidGatewayCredentials();
  const { secrets } = useEnv();
  const password = await secrets.decrypt(event.credentials.password);
  const account = await whoAmI(event.credentials.username, password);
  const sealed = await secrets.encrypt(`${event.credentials.username}:${password}`);
  await patchVendor(vendor.id, {
    nexioCredentials: sealed,
    nexioUsername: account.username,
    status: atLeast(vendor.status, "OnBoardComplete"),
    lastError: undefined,
  });
  return { username: account.username, status: "OnBoardComplete" };
}

/** The Catch target: the vendor keeps its status; the step and error are recorded for the console. */
async function recordFailure(event: TaskEvent) {
  const { data: vendor } = await useStore().entities.vendor.get({ id: event.vendorId }).go();
  if (!vendor) return {};
  const cause = String(event.failure?.Cause ?? "");
  await patchVendor(vendor.id, {
    waitingFor: undefined,
    lastError: {
      step: vendor.step ?? "CreateApplication",
      error: String(event.failure?.Error ?? "Error"),
      cause: readableCause(cause).slice(0, 500),
      at: new Date().toISOString(),
    },
  });
  return {};
}

/** Lambda wraps a thrown error's message as JSON {errorType, errorMessage}; keep the message. */
function readableCause(cause: string): string {
  try {
    const parsed = JSON.parse(cause) as { errorMessage?: unknown };
    if (typeof parsed.errorMessage === "string") return parsed.errorMessage;
  } catch {
    // not JSON: the message itself
  }
  return cause;
}

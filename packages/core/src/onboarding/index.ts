import { randomUUID } from "node:crypto";
import { useTenant } from "../actor/index.ts";
import { useEnv, useStore } from "../env.ts";
import { VisibleError } from "../error/index.ts";
import { type Page, type PageQuery, storePage } from "../paging.ts";
import { MASK } from "../secrets/index.ts";
import type { FeesItem, VendorItem } from "../store/entities.ts";
import type { OnboardingStep, OnboardingWait } from "../workflows/onboarding.ts";
import type { Workflows } from "../workflows/port.ts";
import {
  type CreateVendorBody,
  type Fees,
  type GatewayCredentialsBody,
  type SaveFeesBody,
  type UpdateVendorBody,
  VENDOR_PAGE_SIZE,
  type Vendor,
  type VendorHistory,
} from "./api.ts";
import { InvalidGatewayCredentials, whoAmI } from "./gateway.ts";
import { applicationComplete } from "./partner.ts";
import { checkPricing, FIX_HIGHLIGHTED } from "./pricing.ts";
import { conditionFailed, patchVendor } from "./tasks.ts";

export * from "./api.ts";
export * from "./messages.ts";
export * from "./pricing.ts";

import {
  ALREADY_COMPLETED,
  APPLICATION_NOT_COMPLETE,
  NOT_WAITING,
  ONBOARDING_RUNNING,
  VENDOR_EXISTS,
  vendorMissing,
} from "./messages.ts";

const notFound = (id: string) => new VisibleError("not_found", "vendor.not_found", vendorMissing(id));

export function useWorkflows(): Workflows {
  const workflows = useEnv().workflows;
  if (!workflows) throw new Error("No Workflows port in this process's Env.");
  return workflows;
}

export function vendorAnswer(item: VendorItem): Vendor {
  return {
    id: item.id,
    name: item.name,
    status: item.status,
    contactName: item.contactName ?? null,
    contactEmail: item.contactEmail ?? null,
    cmsInfo: {
      cmsMerchId: item.cmsMerchId ?? null,
      cmsMerchHash: item.cmsMerchHash ?? null,
      cmsAppToken: item.cmsAppToken ?? null,
      nexioCredentials: item.nexioCredentials ? MASK : null,
      nexioUsername: item.nexioUsername ?? null,
    },
    applicationUrl: item.applicationUrl ?? null,
    workflow: {
      executionArn: item.executionArn ?? null,
      step: item.step ?? null,
      waitingFor: item.waitingFor ?? null,
      lastError: item.lastError ?? null,
    },
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
  };
}

const feesAnswer = (item: FeesItem): Fees => ({
  id: item.id,
  vendor: item.vendor,
  type: item.type,
  vmdPricing: item.vmdPricing as Record<string, number>,
  amexPricing: (item.amexPricing as Record<string, number> | undefined) ?? null,
  fees: item.fees as Record<string, number>,
  internalExempt: item.internalExempt,
  updatedAt: item.updatedAt,
});

async function readVendor(id: string): Promise<VendorItem> {
  const { data } = await useStore().entities.vendor.get({ id }).go();
  if (!data) throw notFound(id);
  return data;
}

/** Every vendor, a page at a time (spec 003 §9: 10), in id order. */
export async function listVendors(page: PageQuery): Promise<Page<Vendor>> {
  const { data, cursor } = await storePage("vendors", page.cursor, (cursor) =>
    useStore()
      .entities.vendor.query.byId({})
      .go({ cursor, limit: page.limit ?? VENDOR_PAGE_SIZE }),
  );
  return { items: data.map(vendorAnswer), nextCursor: cursor ?? null };
}

export const getVendor = async (id: string) => vendorAnswer(await readVendor(id));

/** create-vendor: an id already taken answers 403 with the spec's message (spec 003 §8). */
export async function createVendor(body: CreateVendorBody): Promise<Vendor> {
  const { data } = await useStore()
    .entities.vendor.create({
      id: body.id,
      name: body.name,
      status: "SignUp",
      ...(body.contactName ? { contactName: body.contactName } : {}),
      ...(body.contactEmail ? { contactEmail: body.contactEmail } : {}),
      ...(body.cmsInfo?.cmsMerchId ? { cmsMerchId: body.cmsInfo.cmsMerchId } : {}),
      ...(body.cmsInfo?.cmsMerchHash ? { cmsMerchHash: body.cmsInfo.cmsMerchHash } : {}),
      ...(body.cmsInfo?.cmsAppToken ? { cmsAppToken: body.cmsInfo.cmsAppToken } : {}),
    })
    .go()
    .catch((err: unknown) => {
      throw conditionFailed(err) ? new VisibleError("forbidden", "vendor.exists", VENDOR_EXISTS) : err;
    });
  return vendorAnswer(data);
}

/**
 * update-vendor: the name and the merchant's contact. A status other than the current one is the
 * workflow's to set, except Approved, which is the final approval (the execution's last wait).
 */
export async function updateVendor(body: UpdateVendorBody): Promise<Vendor> {
  const vendor = await readVendor(body.id);
  const fields: Partial<VendorItem> = {};
  if (body.name !== undefined) fields.name = body.name;
  if (body.contactName !== undefined) fields.contactName = body.contactName;
  if (body.contactEmail !== undefined) fields.contactEmail = body.contactEmail;
  if (body.cmsInfo && !vendor.executionArn) {
    // Before the onboarding starts, an application opened elsewhere may be entered by hand.
    if (body.cmsInfo.cmsMerchId !== undefined) fields.cmsMerchId = body.cmsInfo.cmsMerchId;
    if (body.cmsInfo.cmsMerchHash !== undefined) fields.cmsMerchHash = body.cmsInfo.cmsMerchHash;
    if (body.cmsInfo.cmsAppToken !== undefined) fields.cmsAppToken = body.cmsInfo.cmsAppToken;
  }
  if (Object.keys(fields).length > 0) await patchVendor(vendor.id, fields);
  if (body.status && body.status !== vendor.status) {
    if (body.status !== "Approved")
      throw new VisibleError(
        "conflict",
        "vendor.status_by_workflow",
        "The vendor's status is set by the onboarding workflow.",
      );
    await completeWait(vendor, "AwaitApproval", { approvedAt: new Date().toISOString() });
    return getVendor(await settle(vendor.id, (v) => v.status === "Approved"));
  }
  return getVendor(vendor.id);
}

/** modify-vendor-id: renames a vendor that has not started onboarding (its fees move with it). */
export async function modifyVendorId(oldId: string, newId: string, newName: string): Promise<Vendor> {
  const vendor = await readVendor(oldId);
  if (vendor.executionArn)
    throw new VisibleError(
      "conflict",
      "vendor.started",
      "The vendor id cannot change once its onboarding has started.",
    );
  const store = useStore();
  const { data: fees } = await store.entities.fees.get({ vendor: oldId }).go();
  const { createdAt: _c, updatedAt: _u, ...rest } = vendor;
  await store.transaction
    .write(({ vendor: v, fees: f }) => [
      v.create({ ...rest, id: newId, name: newName }).commit(),
      v.delete({ id: oldId }).commit(),
      ...(fees
        ? [
            f
              .create({
                vendor: newId,
                id: fees.id,
                type: fees.type,
                vmdPricing: fees.vmdPricing,
                amexPricing: fees.amexPricing,
                fees: fees.fees,
                internalExempt: fees.internalExempt,
              })
              .commit(),
            f.delete({ vendor: oldId }).commit(),
          ]
        : []),
    ])
    .go()
    .then((r) => {
      if (r.canceled) throw new VisibleError("forbidden", "vendor.exists", VENDOR_EXISTS);
    });
  return getVendor(newId);
}

/** delete-vendor: stops its onboarding and removes it with its fees. */
export async function deleteVendor(id: string) {
  const vendor = await readVendor(id);
  if (vendor.executionArn) await useWorkflows().stop(vendor.executionArn);
  await useStore().entities.fees.delete({ vendor: id }).go();
  await useStore().entities.vendor.delete({ id }).go();
}

/** clone-vendor: a new vendor "{id}-copy" (then -copy-2 ...) with the name, contact and pricing; not started. */
export async function cloneVendor(id: string): Promise<Vendor> {
  const vendor = await readVendor(id);
  const { data: fees } = await useStore().entities.fees.get({ vendor: id }).go();
  for (let n = 1; n <= 20; n++) {
    const copyId = `${id}-copy${n === 1 ? "" : `-${n}`}`.slice(0, 100);
    const created = await createVendor({
      id: copyId,
      name: vendor.name,
      ...(vendor.contactName ? { contactName: vendor.contactName } : {}),
      ...(vendor.contactEmail ? { contactEmail: vendor.contactEmail } : {}),
    }).catch((err: unknown) => {
      if (err instanceof VisibleError && err.code === "vendor.exists") return null;
      throw err;
    });
    if (!created) continue;
    if (fees)
      await useStore()
        .entities.fees.create({
          vendor: copyId,
          id: randomUUID(),
          type: fees.type,
          vmdPricing: fees.vmdPricing,
          amexPricing: fees.amexPricing,
          fees: fees.fees,
          internalExempt: fees.internalExempt,
        })
        .go();
    return created;
  }
  throw new VisibleError("conflict", "vendor.clone_failed", "Unable to clone vendor");
}

/** get-fees: the vendor's pricing as items[0]; 404 while none is saved (the stepper then starts at pricing). */
export async function getFees(id: string): Promise<{ items: Fees[] }> {
  const { data } = await useStore().entities.fees.get({ vendor: id }).go();
  if (!data) throw new VisibleError("not_found", "fees.not_found", `No pricing is saved for vendor ${id}.`);
  return { items: [feesAnswer(data)] };
}

/**
 * save-fees: checked here with the spec's messages; then the workflow saves them (SaveFees) when it waits
 * for pricing or for the merchant (new pricing updates the application again). Before the onboarding
 * starts they are saved directly (a clone's or a draft's pricing). Answers the row id.
 */
export async function saveFees(body: SaveFeesBody): Promise<{ id: string }> {
  const { errors, value } = checkPricing(body);
  if (errors.length > 0) throw new VisibleError("input", "fees.invalid", FIX_HIGHLIGHTED, errors);
  const vendor = await readVendor(body.vendor);
  const { data: existing } = await useStore().entities.fees.get({ vendor: vendor.id }).go();
  const id = existing?.id ?? body.id ?? randomUUID();
  const pricing = { ...value, id };
  if (vendor.waitingFor === "AwaitPricing" || vendor.waitingFor === "AwaitApplicationComplete") {
    const before = existing?.updatedAt ?? "";
    const output = vendor.waitingFor === "AwaitPricing" ? pricing : { pricing };
    await completeWait(vendor, vendor.waitingFor, output);
    await settle(
      vendor.id,
      (v) => v.waitingFor === "AwaitApplicationComplete",
      async () => {
        const { data } = await useStore().entities.fees.get({ vendor: vendor.id }).go();
        return Boolean(data && data.updatedAt !== before);
      },
    );
    return { id };
  }
  if (vendor.executionArn && !vendor.lastError)
    throw new VisibleError(
      "conflict",
      "fees.locked",
      "Pricing cannot change once the application is complete.",
    );
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
  return { id };
}

/** Where a failed step resumes: a step that needs what a wait gave resumes at that wait. */
const resumePoint = (step: string): OnboardingStep =>
  step === "SaveFees"
    ? "AwaitPricing"
    : step === "SaveGatewayToken"
      ? "AwaitGatewayCredentials"
      : (step as OnboardingStep);

/**
 * create-app: starts the vendor's onboarding (its first step opens the merchant-services application), or
 * resumes a failed one at the step that failed. Answers once the step has run (or failed).
 */
export async function startOnboarding(vendorId: string): Promise<Vendor> {
  const vendor = await readVendor(vendorId);
  if (vendor.executionArn && !vendor.lastError)
    throw new VisibleError("conflict", "vendor.running", ONBOARDING_RUNNING);
  if (!vendor.contactEmail)
    throw new VisibleError("input", "vendor.no_contact", "Please enter the merchant's contact email", [
      { path: "contactEmail", message: "Please enter the merchant's contact email" },
    ]);
  const resumeAt = vendor.lastError ? resumePoint(vendor.lastError.step) : "CreateApplication";
  // Claim the vendor first, conditional on the execution read above: of two clicks (or two tabs) only
  // one starts an execution, the other is told it is running.
  const claim = `starting:${randomUUID()}`;
  await useStore()
    .entities.vendor.patch({ id: vendorId })
    .set({ executionArn: claim })
    .where((a, op) =>
      vendor.executionArn ? op.eq(a.executionArn, vendor.executionArn) : op.notExists(a.executionArn),
    )
    .go()
    .catch((err: unknown) => {
      throw conditionFailed(err) ? new VisibleError("conflict", "vendor.running", ONBOARDING_RUNNING) : err;
    });
  let executionArn: string;
  try {
    ({ executionArn } = await useWorkflows().start("onboarding", {
      vendorId,
      tenant: useTenant(),
      resumeAt,
    }));
  } catch (err) {
    await patchVendor(vendorId, { executionArn: vendor.executionArn });
    throw err;
  }
  await patchVendor(vendorId, { executionArn, lastError: undefined, step: resumeAt });
  return getVendor(await settle(vendorId, (v) => Boolean(v.waitingFor)));
}

/** Monitor Application: the merchant must have submitted the application (asked of the partner). */
export async function completeApplication(vendorId: string): Promise<Vendor> {
  const vendor = await readVendor(vendorId);
  if (vendor.waitingFor !== "AwaitApplicationComplete")
    throw new VisibleError("conflict", "vendor.not_waiting", NOT_WAITING);
  if (!vendor.cmsMerchId || !(await applicationComplete(vendor.cmsMerchId)))
    throw new VisibleError("input", "application.incomplete", APPLICATION_NOT_COMPLETE);
  await completeWait(vendor, "AwaitApplicationComplete", { completedAt: new Date().toISOString() });
  return getVendor(await settle(vendorId, (v) => v.waitingFor === "AwaitGatewayCredentials"));
}

/**
 * Nexio Token: the credentials are checked with whoAmI now (the spec's message at once), then the
 * workflow validates and saves them (SaveGatewayToken, OnBoardComplete). The password travels sealed.
 */
export async function saveGatewayCredentials(body: GatewayCredentialsBody): Promise<Vendor> {
  const vendor = await readVendor(body.vendorId);
  if (vendor.waitingFor !== "AwaitGatewayCredentials")
    throw new VisibleError("conflict", "vendor.not_waiting", NOT_WAITING);
  try {
    await whoAmI(body.username, body.password);
  } catch (err) {
    if (err instanceof InvalidGatewayCredentials)
      throw new VisibleError("input", "gateway.invalid", err.message, [
        { path: "password", message: err.message },
      ]);
    // Unavailable: the workflow's retries take it from here.
  }
  const password = await useEnv().secrets.encrypt(body.password);
  await completeWait(vendor, "AwaitGatewayCredentials", { username: body.username, password });
  return getVendor(await settle(vendor.id, (v) => v.waitingFor === "AwaitApproval"));
}

/** The onboarding execution's history, oldest first (the preview dialog's timeline). */
export async function vendorHistory(id: string): Promise<VendorHistory> {
  const vendor = await readVendor(id);
  if (!vendor.executionArn) return { executionArn: null, items: [] };
  const events = await useWorkflows().history(vendor.executionArn);
  return {
    executionArn: vendor.executionArn,
    items: events.map((e) => ({
      at: e.at,
      type: e.type,
      state: e.state ?? null,
      error: e.error ?? null,
      cause: e.cause ?? null,
    })),
  };
}

/**
 * Completes the wait the vendor's execution is on: the wait record goes waiting -> done in one
 * conditional write, so a second completion of the same token is refused (409) and never reaches the
 * workflow; then the workflow is told (SendTaskSuccess).
 */
async function completeWait(vendor: VendorItem, step: OnboardingWait, output: Record<string, unknown>) {
  if (vendor.waitingFor !== step || !vendor.waitToken)
    throw new VisibleError("conflict", "vendor.not_waiting", NOT_WAITING);
  const store = useStore();
  const { data: wait } = await store.entities.workflowWait.get({ tokenHash: vendor.waitToken }).go();
  if (!wait) throw new VisibleError("conflict", "vendor.not_waiting", NOT_WAITING);
  await store.entities.workflowWait
    .patch({ tokenHash: wait.tokenHash })
    .set({ status: "done" })
    .where((a, op) => op.eq(a.status, "waiting"))
    .go()
    .catch((err: unknown) => {
      throw conditionFailed(err)
        ? new VisibleError("conflict", "workflow.token_used", ALREADY_COMPLETED)
        : err;
    });
  await patchVendor(vendor.id, { waitingFor: undefined });
  try {
    await useWorkflows().sendTaskSuccess(wait.token, output);
  } catch (err) {
    await store.entities.workflowWait.patch({ tokenHash: wait.tokenHash }).set({ status: "failed" }).go();
    await patchVendor(vendor.id, {
      lastError: {
        step,
        error: (err as Error).name || "Error",
        cause: "The workflow was no longer waiting for this step; resume the onboarding.",
        at: new Date().toISOString(),
      },
    });
    throw new VisibleError("conflict", "workflow.gone", NOT_WAITING);
  }
}

/** How long an API call waits for the workflow to reach the next step before answering the vendor as it is. */
export const SETTLE_MS = 20_000;

/** Polls the vendor until `done` holds, a step failed, or SETTLE_MS passed; answers its id. */
async function settle(
  id: string,
  done: (v: VendorItem) => boolean,
  also?: () => Promise<boolean>,
): Promise<string> {
  const until = Date.now() + SETTLE_MS;
  const startedAt = new Date().toISOString();
  while (Date.now() < until) {
    const { data } = await useStore().entities.vendor.get({ id }).go();
    if (!data) throw notFound(id);
    if (data.lastError && data.lastError.at >= startedAt) return id;
    if (done(data) && (!also || (await also()))) return id;
    await new Promise((r) => setTimeout(r, 100));
  }
  return id;
}

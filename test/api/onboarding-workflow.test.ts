import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withActor } from "../../packages/core/src/actor/index.ts";
import { type Env, provideEnv, useEnv } from "../../packages/core/src/env.ts";
import type { MailMessage } from "../../packages/core/src/mail/port.ts";
import {
  completeApplication,
  createVendor,
  getFees,
  getVendor,
  saveFees,
  saveGatewayCredentials,
  startOnboarding,
  updateVendor,
  vendorHistory,
} from "../../packages/core/src/onboarding/index.ts";
import {
  ALL_CARD_FIELDS,
  AMEX_FIELDS,
  defaultsOf,
  VMD_FIELDS,
} from "../../packages/core/src/onboarding/pricing.ts";
import { aesGcmSecrets } from "../../packages/core/src/secrets/aesgcm.ts";
import type { WorkflowEvent } from "../../packages/core/src/workflows/port.ts";
import { onboardingWorkflows } from "../../packages/local/src/onboarding.ts";
import { type GatewaySimulator, startGatewaySimulator } from "../../packages/local/src/simulators/gateway.ts";
import {
  type MerchantSimulator,
  PARTNER_ACCOUNT,
  startMerchantSimulator,
} from "../../packages/local/src/simulators/merchant.ts";
import type { EmbeddedWorkflows } from "../../packages/local/src/workflows.ts";
import { testStore } from "../support/api.ts";

/**
 * The onboarding ASL (core/src/workflows/onboarding.ts) run by the embedded runner in this process, with
 * the real task function, against fresh partner and gateway simulators: each state's input and output,
 * the retries with backoff on a partner 500 or timeout, the Catch that keeps the vendor's status, and a
 * task token completed twice.
 */

let merchant: MerchantSimulator;
let gateway: GatewaySimulator;
let workflows: EmbeddedWorkflows;
const sent: MailMessage[] = [];
const run = `${Date.now().toString(36)}${randomBytes(2).toString("hex")}`;
const as = <T>(fn: () => Promise<T>) => withActor({ type: "system", tenant: "provider" }, fn);

const pricing = {
  type: "ERR" as const,
  vmdPricing: defaultsOf(VMD_FIELDS.ERR),
  amexPricing: defaultsOf(AMEX_FIELDS.ERR),
  fees: defaultsOf(ALL_CARD_FIELDS),
  internalExempt: false,
};

beforeAll(async () => {
  merchant = await startMerchantSimulator();
  gateway = await startGatewaySimulator();
  const store = await testStore();
  workflows = onboardingWorkflows(store, {
    // The ASL's 2 s/4 s/8 s backoff, shortened for the test; the Retry blocks themselves are the ASL's.
    retryIntervalOverrides: Object.fromEntries(
      ["CreateApplication", "UpdateApplication", "SaveGatewayToken", "EmailApplicationLink"].map((s) => [
        s,
        20,
      ]),
    ),
  });
  provideEnv({
    mode: "embedded",
    store,
    secrets: aesGcmSecrets(randomBytes(32)),
    mail: {
      send: async (m: MailMessage) => {
        sent.push(m);
        return { id: `mail-${sent.length}` };
      },
    },
    merchantServices: { url: merchant.url, ...PARTNER_ACCOUNT },
    paymentGateway: { url: gateway.url },
    workflows,
  } as unknown as Env);
});

afterAll(async () => {
  workflows?.close();
  await merchant?.stop();
  await gateway?.stop();
});

const newVendor = (suffix: string, email = `merchant-${suffix}@example.com`) =>
  as(() =>
    createVendor({
      id: `wf-${run}-${suffix}`,
      name: `Vendor ${suffix}`,
      contactName: "Mo Merchant",
      contactEmail: email,
    }),
  );

async function events(vendorId: string): Promise<WorkflowEvent[]> {
  const v = await as(() => getVendor(vendorId));
  await workflows.settled(v.workflow.executionArn as string);
  return workflows.history(v.workflow.executionArn as string);
}

const entered = (list: WorkflowEvent[], state: string) =>
  list.filter((e) => e.type === "StateEntered" && e.state === state);
const exited = (list: WorkflowEvent[], state: string) =>
  list.filter((e) => e.type === "StateExited" && e.state === state);

describe("onboarding workflow in the local runner", () => {
  it("runs every state with the expected input and output, and ends Approved", async () => {
    const vendor = await newVendor("happy");
    const started = await as(() => startOnboarding(vendor.id));
    expect(started.workflow.waitingFor).toBe("AwaitPricing");
    expect(started.cmsInfo.cmsMerchId).toMatch(/^\d+$/);
    expect(started.applicationUrl).toContain(`${merchant.url}/app/`);

    let list = await events(vendor.id);
    expect(entered(list, "Route")[0]?.input).toMatchObject({
      vendorId: vendor.id,
      resumeAt: "CreateApplication",
    });
    expect(exited(list, "CreateApplication")[0]?.output).toMatchObject({
      vendorId: vendor.id,
      results: { CreateApplication: { value: { merchantId: started.cmsInfo.cmsMerchId, created: true } } },
    });

    const saved = await as(() => saveFees({ vendor: vendor.id, ...pricing }));
    const after = await as(() => getVendor(vendor.id));
    expect(after.status).toBe("ApplicationUpdated");
    expect(after.workflow.waitingFor).toBe("AwaitApplicationComplete");
    expect((await as(() => getFees(vendor.id))).items[0]?.id).toBe(saved.id);
    const app = merchant.applications.get(started.cmsInfo.cmsMerchId as string);
    expect(app?.fees).toMatchObject({ pricingType: "ERR", qualifiedRate: 4.24, accountSetupFee: 25 });
    expect(app?.amexFees).toMatchObject({ qualifiedErr: 4.24 });

    list = await events(vendor.id);
    expect(exited(list, "AwaitPricing")[0]?.output).toMatchObject({
      results: { AwaitPricing: { id: saved.id, type: "ERR" } },
    });
    expect(exited(list, "SaveFees")[0]?.output).toMatchObject({
      results: { SaveFees: { value: { feesId: saved.id } } },
    });
    expect(exited(list, "UpdateApplication")[0]?.output).toMatchObject({
      results: { UpdateApplication: { value: { status: "ApplicationUpdated" } } },
    });
    expect(exited(list, "EmailApplicationLink")[0]?.output).toMatchObject({
      results: { EmailApplicationLink: { value: { to: `merchant-happy@example.com` } } },
    });
    const mail = sent.find((m) => m.to[0] === "merchant-happy@example.com");
    expect(mail?.text).toContain(after.applicationUrl as string);
    expect(mail?.tenant).toBe("provider");

    // Not complete yet: the partner says so.
    await expect(as(() => completeApplication(vendor.id))).rejects.toThrow(
      "Application must be completed before continuing",
    );
    if (app) app.status = "Complete";
    const completed = await as(() => completeApplication(vendor.id));
    expect(completed.workflow.waitingFor).toBe("AwaitGatewayCredentials");

    await expect(
      as(() => saveGatewayCredentials({ vendorId: vendor.id, username: "demo-merchant", password: "wrong" })),
    ).rejects.toThrow("Invalid nexio credentials.");
    const onboarded = await as(() =>
      saveGatewayCredentials({ vendorId: vendor.id, username: "demo-merchant", password: "nexio-demo-2026" }),
    );
    expect(onboarded.status).toBe("OnBoardComplete");
    expect(onboarded.cmsInfo.nexioCredentials).toBe("********");
    expect(onboarded.workflow.waitingFor).toBe("AwaitApproval");
    list = await events(vendor.id);
    // The password travelled sealed through the execution, never in clear.
    expect(JSON.stringify(list)).not.toContain("nexio-demo-2026");

    const approved = await as(() => updateVendor({ id: vendor.id, status: "Approved" }));
    expect(approved.status).toBe("Approved");
    list = await events(vendor.id);
    expect(list.at(-1)?.type).toBe("ExecutionSucceeded");
    expect(list.filter((e) => e.type === "StateEntered").map((e) => e.state)).toEqual([
      "Route",
      "CreateApplication",
      "AwaitPricing",
      "SaveFees",
      "UpdateApplication",
      "EmailApplicationLink",
      "AwaitApplicationComplete",
      "Repriced",
      "AwaitGatewayCredentials",
      "SaveGatewayToken",
      "AwaitApproval",
      "Approve",
    ]);
    const history = await as(() => vendorHistory(vendor.id));
    expect(history.items.length).toBeGreaterThan(20);
  });

  it("retries a partner 500 with the ASL's Retry and goes on", async () => {
    merchant.failNext("createApp", "error", 2);
    const vendor = await newVendor("retry");
    const started = await as(() => startOnboarding(vendor.id));
    expect(started.workflow.waitingFor).toBe("AwaitPricing");
    const list = await events(vendor.id);
    expect(list.filter((e) => e.type === "StateFailed" && e.state === "CreateApplication")).toHaveLength(2);
    expect(list.filter((e) => e.type === "StateRetried" && e.state === "CreateApplication")).toHaveLength(2);
    expect(list.find((e) => e.type === "StateFailed")?.error).toBe("PartnerUnavailable");
  });

  it("retries a partner that times out", { timeout: 60_000 }, async () => {
    merchant.failNext("createApp", "hang", 1);
    const vendor = await newVendor("timeout");
    const started = await as(() => startOnboarding(vendor.id));
    expect(started.workflow.waitingFor).toBe("AwaitPricing");
    const list = await events(vendor.id);
    expect(list.filter((e) => e.type === "StateRetried" && e.state === "CreateApplication")).toHaveLength(1);
  });

  it("a partner still down after the retries leaves the vendor in its last good status, resumable", async () => {
    const vendor = await newVendor("down");
    await as(() => startOnboarding(vendor.id));
    await as(() => saveFees({ vendor: vendor.id, ...pricing }).catch(() => undefined));
    // Fees fail 4 times (the first try and 3 retries): the Catch records the failure.
    merchant.failNext("fees", "error", 4);
    const failed = await as(async () => {
      // the first save went through; reprice to run UpdateApplication again with the failures armed
      await saveFees({
        vendor: vendor.id,
        ...pricing,
        vmdPricing: { ...pricing.vmdPricing, qualifiedRate: 5 },
      });
      return getVendor(vendor.id);
    });
    expect(failed.status).toBe("ApplicationUpdated");
    expect(failed.workflow.lastError).toMatchObject({
      step: "UpdateApplication",
      error: "PartnerUnavailable",
    });
    expect(failed.workflow.waitingFor).toBeNull();
    let list = await events(vendor.id);
    expect(list.filter((e) => e.type === "StateRetried" && e.state === "UpdateApplication")).toHaveLength(3);
    expect(list.some((e) => e.type === "StateCaught" && e.state === "UpdateApplication")).toBe(true);
    expect(list.at(-1)?.type).toBe("ExecutionFailed");

    // Resumed where it stopped: a new execution starts at UpdateApplication and reaches the merchant wait.
    const resumed = await as(() => startOnboarding(vendor.id));
    expect(resumed.workflow.lastError).toBeNull();
    expect(resumed.workflow.waitingFor).toBe("AwaitApplicationComplete");
    list = await events(vendor.id);
    expect(entered(list, "Route")[0]?.input).toMatchObject({ resumeAt: "UpdateApplication" });
    expect(merchant.applications.get(resumed.cmsInfo.cmsMerchId as string)?.fees).toMatchObject({
      qualifiedRate: 5,
    });
  });

  it("a waiting execution survives a restart: re-created at its wait with the same token and arn", async () => {
    const vendor = await newVendor("restart");
    const started = await as(() => startOnboarding(vendor.id));
    expect(started.workflow.waitingFor).toBe("AwaitPricing");
    const arn = started.workflow.executionArn as string;
    await workflows.settled(arn);
    workflows.close(); // the process stops

    const restarted = onboardingWorkflows(await testStore());
    (useEnv() as { workflows?: unknown }).workflows = restarted;
    workflows = restarted;
    // Only this vendor's: the Store is shared with the test run's embedded runtime and its executions.
    await restarted.resume((input) => input.vendorId === vendor.id);
    const saved = await as(() => saveFees({ vendor: vendor.id, ...pricing }));
    const after = await as(() => getVendor(vendor.id));
    expect(after.workflow.executionArn).toBe(arn);
    expect(after.workflow.waitingFor).toBe("AwaitApplicationComplete");
    expect(after.status).toBe("ApplicationUpdated");
    const list = await events(vendor.id);
    expect(list.some((e) => e.type === "ExecutionResumed" && e.state === "AwaitPricing")).toBe(true);
    expect((await as(() => getFees(vendor.id))).items[0]?.id).toBe(saved.id);
  });

  it("starts one execution of two concurrent starts", async () => {
    const vendor = await newVendor("double-start");
    const results = await Promise.allSettled([
      as(() => startOnboarding(vendor.id)),
      as(() => startOnboarding(vendor.id)),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(String(refused.reason)).toContain("The onboarding of this vendor is already running.");
    const after = await as(() => getVendor(vendor.id));
    expect(after.workflow.waitingFor).toBe("AwaitPricing");
    expect(merchant.applications.size).toBeGreaterThan(0);
    const opened = [...merchant.applications.values()].filter((a) => a.externalId === vendor.id);
    expect(opened).toHaveLength(1);
  });

  it("refuses a task token completed twice", async () => {
    const vendor = await newVendor("twice");
    const started = await as(() => startOnboarding(vendor.id));
    expect(started.workflow.waitingFor).toBe("AwaitPricing");
    const results = await Promise.allSettled([
      as(() => saveFees({ vendor: vendor.id, ...pricing })),
      as(() => saveFees({ vendor: vendor.id, ...pricing })),
    ]);
    const refused = results.filter((r) => r.status === "rejected");
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect(String((refused[0] as PromiseRejectedResult).reason)).toMatch(
      /already been completed|not waiting for this step/,
    );
    // And the runner itself refuses a token it no longer waits on.
    await expect(workflows.sendTaskSuccess("embedded:unknown", {})).rejects.toThrow(
      /No execution is waiting/,
    );
  });
});

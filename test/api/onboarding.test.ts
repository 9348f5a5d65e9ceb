import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import {
  ALL_CARD_FIELDS,
  AMEX_FIELDS,
  defaultsOf,
  VMD_FIELDS,
} from "../../packages/core/src/onboarding/pricing.ts";
import { call, DEMO_USERS, expectProblem, type Session, signIn } from "../support/api.ts";

/**
 * /api/cms-onboard/* over HTTP against the embedded runtime and its partner and gateway simulators: the
 * spec 003 §5 and §8 messages, and one merchant onboarded from SignUp to Approved through the workflow.
 */

let admin: Session;
const run = `${Date.now().toString(36)}${randomBytes(2).toString("hex")}`;
const vid = (name: string) => `api-${run}-${name}`;

const pricing = (vendor: string) => ({
  vendor,
  type: "ERR",
  vmdPricing: defaultsOf(VMD_FIELDS.ERR),
  amexPricing: defaultsOf(AMEX_FIELDS.ERR),
  fees: defaultsOf(ALL_CARD_FIELDS),
});

const create = (body: Record<string, unknown>) =>
  call("/api/cms-onboard/create-vendor", { method: "POST", body, session: admin });

beforeAll(async () => {
  admin = await signIn(DEMO_USERS.provider);
});

describe("vendors", () => {
  it("creates a vendor, and a second with the same id answers 403 with the spec's message", async () => {
    const body = { id: vid("dup"), name: "Dup Vendor", contactEmail: "dup@merchant.example" };
    const first = await create(body);
    expect(first.status).toBe(201);
    expect(first.json).toMatchObject({ id: body.id, name: "Dup Vendor", status: "SignUp" });
    expect(first.json.cmsInfo).toMatchObject({ cmsMerchId: null, nexioCredentials: null });
    const again = expectProblem(await create({ ...body, name: "Other" }), 403);
    expect(again.detail).toBe("A vendor with that id already exists");
    expect((await call(`/api/cms-onboard/get-vendor/${body.id}`, { session: admin })).json.name).toBe(
      "Dup Vendor",
    );
  });

  it("refuses names and ids with the spec's messages", async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ id: vid("a"), name: "" }, "name", "Please provide a name"],
      [{ id: vid("b"), name: "Bad<name>" }, "name", "Please enter a valid name"],
      [{ id: "", name: "Fine" }, "id", "The PromptPay vendor is required"],
      [{ id: "bad/id", name: "Fine" }, "id", "Please enter a valid PromptPay vendor"],
    ];
    for (const [body, path, message] of cases) {
      const problem = expectProblem(await create(body), 400);
      expect(problem.errors).toContainEqual({ path, message });
    }
  });

  it("answers an unknown vendor with 'Vendor {id} does not exist.'", async () => {
    const problem = expectProblem(
      await call("/api/cms-onboard/get-vendor/nobody-here", { session: admin }),
      404,
    );
    expect(problem.detail).toBe("Vendor nobody-here does not exist.");
  });

  it("lists vendors ten a page with a cursor", async () => {
    for (let i = 0; i < 11; i++) await create({ id: vid(`page-${i}`), name: `Page ${i}` });
    const first = await call("/api/cms-onboard/get-vendors", { session: admin });
    expect(first.json.items).toHaveLength(10);
    expect(first.json.nextCursor).toEqual(expect.any(String));
    const next = await call(
      `/api/cms-onboard/get-vendors?cursor=${encodeURIComponent(first.json.nextCursor)}`,
      {
        session: admin,
      },
    );
    expect(next.status).toBe(200);
    const ids = new Set([...first.json.items, ...next.json.items].map((v: { id: string }) => v.id));
    expect(ids.size).toBe(first.json.items.length + next.json.items.length);
  });

  it("clones with its pricing, renames before onboarding starts, and deletes", async () => {
    const id = vid("clone");
    await create({ id, name: "Clone Me", contactEmail: "c@merchant.example" });
    const saved = await call("/api/cms-onboard/save-fees", {
      method: "POST",
      body: pricing(id),
      session: admin,
    });
    expect(saved.status).toBe(200);
    const copy = await call("/api/cms-onboard/clone-vendor", {
      method: "POST",
      body: { vendorId: id },
      session: admin,
    });
    expect(copy.status).toBe(201);
    expect(copy.json).toMatchObject({
      id: `${id}-copy`,
      name: "Clone Me",
      status: "SignUp",
      contactEmail: "c@merchant.example",
    });
    const fees = await call(`/api/cms-onboard/get-fees/${id}-copy`, { session: admin });
    expect(fees.json.items[0]).toMatchObject({ type: "ERR", vmdPricing: { qualifiedRate: 4.24 } });
    const copy2 = await call("/api/cms-onboard/clone-vendor", {
      method: "POST",
      body: { vendorId: id },
      session: admin,
    });
    expect(copy2.json.id).toBe(`${id}-copy-2`);

    const renamed = await call("/api/cms-onboard/modify-vendor-id", {
      method: "PUT",
      body: { oldId: `${id}-copy-2`, newId: `${id}-renamed`, newName: "Renamed" },
      session: admin,
    });
    expect(renamed.json).toMatchObject({ id: `${id}-renamed`, name: "Renamed" });
    expect((await call(`/api/cms-onboard/get-fees/${id}-renamed`, { session: admin })).status).toBe(200);
    expectProblem(await call(`/api/cms-onboard/get-vendor/${id}-copy-2`, { session: admin }), 404);

    const deleted = await call("/api/cms-onboard/delete-vendor", {
      method: "PUT",
      body: { id: `${id}-renamed` },
      session: admin,
    });
    expect(deleted.status).toBe(204);
    expectProblem(await call(`/api/cms-onboard/get-vendor/${id}-renamed`, { session: admin }), 404);
    expectProblem(await call(`/api/cms-onboard/get-fees/${id}-renamed`, { session: admin }), 404);
  });

  it("refuses a status the workflow sets", async () => {
    const id = vid("status");
    await create({ id, name: "Status" });
    const problem = expectProblem(
      await call("/api/cms-onboard/update-vendor", {
        method: "PUT",
        body: { id, status: "OnBoardComplete" },
        session: admin,
      }),
      409,
    );
    expect(problem.detail).toBe("The vendor's status is set by the onboarding workflow.");
    // Approved before the onboarding waits for it: refused, nothing written.
    expectProblem(
      await call("/api/cms-onboard/update-vendor", {
        method: "PUT",
        body: { id, status: "Approved" },
        session: admin,
      }),
      409,
    );
    expect((await call(`/api/cms-onboard/get-vendor/${id}`, { session: admin })).json.status).toBe("SignUp");
  });
});

describe("pricing", () => {
  it("refuses values below the minimum or above 100%, with the spec's messages per field", async () => {
    const id = vid("price");
    await create({ id, name: "Price" });
    const body = pricing(id);
    const problem = expectProblem(
      await call("/api/cms-onboard/save-fees", {
        method: "POST",
        session: admin,
        body: {
          ...body,
          vmdPricing: { ...body.vmdPricing, qualifiedRate: 100.5, transactionFee: 13.99 },
          amexPricing: { ...body.amexPricing, qualifiedErr: 1 },
          fees: { ...body.fees, minimumFee: "x" },
        },
      }),
      400,
    );
    expect(problem.detail).toBe("Please fix the highlighted fields");
    expect(problem.errors).toEqual(
      expect.arrayContaining([
        { path: "vmdPricing.qualifiedRate", message: "Maximum allowed value is 100" },
        { path: "vmdPricing.transactionFee", message: "Minimum allowed value is 14" },
        { path: "amexPricing.qualifiedErr", message: "Minimum allowed value is 4.24" },
        { path: "fees.minimumFee", message: "Please enter a number" },
      ]),
    );
    expectProblem(await call(`/api/cms-onboard/get-fees/${id}`, { session: admin }), 404);
  });

  it("skips disabled Amex, cuts values to two decimals, and an exempt merchant pays no all-card fees", async () => {
    const id = vid("cut");
    await create({ id, name: "Cut" });
    const body = {
      ...pricing(id),
      type: "Flat",
      vmdPricing: { flatRate: 6.999, transactionFeeFlat: 7, merchantFeeFlat: 6 },
    };
    const saved = await call("/api/cms-onboard/save-fees", {
      method: "POST",
      session: admin,
      body: { ...body, amexPricing: null, fees: {}, internalExempt: true },
    });
    expect(saved.status).toBe(200);
    const fees = (await call(`/api/cms-onboard/get-fees/${id}`, { session: admin })).json.items[0];
    expect(fees).toMatchObject({
      id: saved.json.id,
      type: "Flat",
      amexPricing: null,
      internalExempt: true,
      fees: {},
    });
    expect(fees.vmdPricing).toEqual({ flatRate: 6.99, transactionFeeFlat: 7, merchantFeeFlat: 6 });
  });
});

describe("onboarding through the workflow", () => {
  it("takes a merchant from SignUp to Approved against the simulators, with the spec's refusals on the way", async () => {
    const id = vid("flow");
    const email = `flow-${run}@merchant.example`;
    await create({ id, name: "Flow Merchant", contactName: "Flo", contactEmail: email });

    const started = await call("/api/cms-onboard/create-app", {
      method: "POST",
      body: { vendorId: id },
      session: admin,
    });
    expect(started.status).toBe(200);
    expect(started.json.cmsInfo.cmsMerchId).toEqual(expect.any(String));
    expect(started.json.workflow.waitingFor).toBe("AwaitPricing");
    const running = expectProblem(
      await call("/api/cms-onboard/create-app", { method: "POST", body: { vendorId: id }, session: admin }),
      409,
    );
    expect(running.detail).toBe("The onboarding of this vendor is already running.");

    const saved = await call("/api/cms-onboard/save-fees", {
      method: "POST",
      body: pricing(id),
      session: admin,
    });
    expect(saved.status).toBe(200);
    const updated = (await call(`/api/cms-onboard/get-vendor/${id}`, { session: admin })).json;
    expect(updated.status).toBe("ApplicationUpdated");
    expect(updated.workflow.waitingFor).toBe("AwaitApplicationComplete");
    const link = updated.applicationUrl as string;

    // The link was emailed: the provider's outbox (embedded Mail adapter) has it.
    const outbox = await call("/api/outbox?limit=50", { session: admin });
    const mail = outbox.json.items.find((m: { to: string[] }) => m.to.includes(email));
    expect(mail?.subject).toBe("Your merchant application for Flow Merchant");
    const full = await call(`/api/outbox/${mail.id}`, { session: admin });
    expect(full.json.text).toContain(link);

    const early = expectProblem(
      await call("/api/cms-onboard/application-complete", {
        method: "POST",
        body: { vendorId: id },
        session: admin,
      }),
      400,
    );
    expect(early.detail).toBe("Application must be completed before continuing");

    // The merchant fills the hosted page in and submits it.
    const page = await fetch(link);
    expect(await page.text()).toContain("Merchant application");
    const form = new URLSearchParams({
      legalName: "Flow Merchant LLC",
      taxId: "12-3456789",
      address: "1 Main St",
      ownerName: "Flo",
      routingNumber: "011000015",
      accountNumber: "123456789",
    });
    const submitted = await fetch(link, { method: "POST", body: form });
    expect(await submitted.text()).toContain("Application submitted");

    const completed = await call("/api/cms-onboard/application-complete", {
      method: "POST",
      body: { vendorId: id },
      session: admin,
    });
    expect(completed.status).toBe(200);
    expect(completed.json.workflow.waitingFor).toBe("AwaitGatewayCredentials");
    // The same step a second time: its token was used, refused.
    expectProblem(
      await call("/api/cms-onboard/application-complete", {
        method: "POST",
        body: { vendorId: id },
        session: admin,
      }),
      409,
    );

    const nexio = (body: Record<string, unknown>) =>
      call("/api/cms-onboard/nexio-token", {
        method: "POST",
        body: { vendorId: id, ...body },
        session: admin,
      });
    expect(expectProblem(await nexio({ username: "", password: "x" }), 400).errors).toContainEqual({
      path: "username",
      message: "Please provide a username",
    });
    expect(expectProblem(await nexio({ username: "bad#user", password: "x" }), 400).errors).toContainEqual({
      path: "username",
      message: "Please enter a valid username",
    });
    expect(expectProblem(await nexio({ username: "demo-merchant", password: "wrong" }), 400).detail).toBe(
      "Invalid nexio credentials.",
    );
    const token = await nexio({ username: "demo-merchant", password: "nexio-demo-2026" });
    expect(token.status).toBe(200);
    expect(token.json).toMatchObject({
      status: "OnBoardComplete",
      workflow: { waitingFor: "AwaitApproval" },
    });
    expect(token.json.cmsInfo).toMatchObject({
      nexioCredentials: "********",
      nexioUsername: "demo-merchant",
    });
    expect(token.text).not.toContain("nexio-demo-2026");

    const approved = await call("/api/cms-onboard/update-vendor", {
      method: "PUT",
      body: { id, status: "Approved" },
      session: admin,
    });
    expect(approved.json.status).toBe("Approved");

    const history = await call(`/api/cms-onboard/history/${id}`, { session: admin });
    const states = history.json.items
      .filter((e: { type: string }) => e.type === "StateEntered")
      .map((e: { state: string }) => e.state);
    expect(states).toEqual(
      expect.arrayContaining(["CreateApplication", "SaveFees", "UpdateApplication", "Approve"]),
    );
    expect(history.json.items.at(-1).type).toBe("ExecutionSucceeded");
    expect(history.text).not.toContain("nexio-demo-2026");
  });

  it("retries a partner answering 500 (the ASL's backoff) and, when it stays down, keeps the vendor in SignUp with the failed step, resumable", {
    timeout: 90_000,
  }, async () => {
    const flaky = vid("flaky");
    await create({ id: flaky, name: "Flaky", contactEmail: `partner-flaky@${run}.example` });
    const recovered = await call("/api/cms-onboard/create-app", {
      method: "POST",
      body: { vendorId: flaky },
      session: admin,
    });
    expect(recovered.json.workflow).toMatchObject({ waitingFor: "AwaitPricing", lastError: null });
    const history = await call(`/api/cms-onboard/history/${flaky}`, { session: admin });
    const retried = history.json.items.filter(
      (e: { type: string; state: string }) => e.type === "StateRetried",
    );
    expect(retried.map((e: { state: string }) => e.state)).toEqual([
      "CreateApplication",
      "CreateApplication",
    ]);

    const down = vid("down");
    await create({ id: down, name: "Down", contactEmail: `partner-down@${run}.example` });
    const failed = await call("/api/cms-onboard/create-app", {
      method: "POST",
      body: { vendorId: down },
      session: admin,
    });
    expect(failed.status).toBe(200);
    expect(failed.json.status).toBe("SignUp");
    expect(failed.json.cmsInfo.cmsMerchId).toBeNull();
    expect(failed.json.workflow.lastError).toMatchObject({
      step: "CreateApplication",
      error: "PartnerUnavailable",
    });
    // The execution ended Failed after three retries, and a second create-app is allowed (it resumes at
    // the failed step; the workflow test resumes one): not 409 'already running'.
    const ended = await call(`/api/cms-onboard/history/${down}`, { session: admin });
    expect(ended.json.items.at(-1).type).toBe("ExecutionFailed");
    const retriedDown = ended.json.items.filter((e: { type: string }) => e.type === "StateRetried");
    expect(retriedDown).toHaveLength(3);
  });
});

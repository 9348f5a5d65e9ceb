import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import {
  ALL_CODES_USED_MESSAGE,
  CHAIN_MESSAGE,
  CHANNEL_TWICE_MESSAGE,
  CODE_TWICE_MESSAGE,
  IN_USE_MESSAGE,
  NAME_INVALID_MESSAGE,
  NAME_REQUIRED_MESSAGE,
  PAYMENT_PROFILE_REQUIRED_MESSAGE,
  UNKNOWN_PAYMENT_PROFILE_MESSAGE,
} from "../../packages/core/src/profile/schema.ts";
import {
  createCampaignUsingProfile,
  deleteCampaignUsingProfile,
} from "../../packages/core/src/profile/usage.ts";
import { call, expectProblem, newTenant, type Session, testStore } from "../support/api.ts";
import { asTenant } from "../support/core-env.ts";

let tenant: Session;
let payment: { id: string; name: string };
const create = (body: unknown, session = tenant) => call("/api/profiles", { method: "POST", body, session });
const errorsOf = async (body: unknown) => expectProblem(await create(body), 400).errors;
const voice = { type: "Voice", retryDelay: 90, maxAttempts: 4, maxContacts: 2 };

beforeAll(async () => {
  tenant = await newTenant(["ListManager"]);
  payment = { id: randomUUID(), name: "Card payments" };
  const store = await testStore();
  await store.entities.paymentProfile.create({ tenant: tenant.tenant, ...payment }).go();
}, 30_000);

/** A campaign using a profile, written the way the campaign work will: through core's usage functions. */
async function campaignUsing(profileId: string, session = tenant) {
  return asTenant(session.tenant, () =>
    createCampaignUsingProfile({
      name: `Campaign ${randomUUID().slice(0, 6)}`,
      campaignProfileId: profileId,
    }),
  );
}

describe("dialing profiles", () => {
  it("creates one with the spec's defaults, reads, replaces and deletes it", async () => {
    const created = await create({ name: "Collections" });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      name: "Collections",
      useAi: false,
      freshLIFO: false,
      retryLIFO: false,
      scrubber: {
        cell: false,
        natDnc: false,
        stateDnc: false,
        orgDnc: true,
        phoneDup: false,
        contactDup: false,
      },
      retry: { ratio: 20, minDuration: 60, maxAttempts: 3, maxContacts: 1, custRetry: [] },
      ai: { org: false, system: false },
      compliance: { regF: true },
      channels: [],
    });
    const path = `/api/profiles/${created.json.id}`;
    expect((await call(path, { session: tenant })).json).toEqual(created.json);

    const body = {
      name: "Collections 2",
      freshLIFO: true,
      scrubber: { orgDnc: true, phoneDup: true, contactDup: true },
      compliance: { regF: false },
      retry: {
        ratio: 35,
        minDuration: 30,
        maxAttempts: 5,
        maxContacts: 2,
        custRetry: [
          {
            name: "Busy lines",
            codes: [15, 23],
            retriesbyattempt: [
              { start: 1, end: 2, minDuration: 5, priority: 1 },
              { start: 3, end: 6, minDuration: 60, priority: 2 },
            ],
          },
        ],
      },
      channels: [
        {
          type: "SMS",
          order: 7,
          retryDelay: 1440,
          maxAttempts: 2,
          paymentProfileId: payment.id,
          paymentProfileName: "forged",
        },
        { ...voice, order: 1 },
      ],
    };
    const replaced = await call(path, { method: "PUT", body, session: tenant });
    expect(replaced.status).toBe(200);
    expect(replaced.json.compliance).toEqual({ regF: false });
    expect(replaced.json.retry.custRetry[0]).toMatchObject({ name: "Busy lines", codes: [15, 23], max: 6 });
    expect(replaced.json.channels).toEqual([
      {
        type: "SMS",
        order: 1,
        retryDelay: 1440,
        maxAttempts: 2,
        maxContacts: null,
        paymentProfileId: payment.id,
        paymentProfileName: "Card payments",
        defaultTimeZone: null,
      },
      { ...voice, order: 2, paymentProfileId: null, paymentProfileName: null, defaultTimeZone: null },
    ]);
    expect((await call("/api/profiles", { session: tenant })).json.items[0]).toEqual(replaced.json);

    expect((await call(path, { method: "DELETE", session: tenant })).status).toBe(204);
    expect(expectProblem(await call(path, { session: tenant }), 404).code).toBe("profile.not_found");
    expectProblem(await call(path, { method: "DELETE", session: tenant }), 404);
    expectProblem(await call(path, { method: "PUT", body: { name: "x" }, session: tenant }), 404);
  });

  it("answers the name rules with the spec's sentences", async () => {
    expect(await errorsOf({})).toEqual([{ path: "name", message: NAME_REQUIRED_MESSAGE }]);
    expect(await errorsOf({ name: "  " })).toEqual([{ path: "name", message: NAME_REQUIRED_MESSAGE }]);
    expect(await errorsOf({ name: "---" })).toEqual([{ path: "name", message: NAME_INVALID_MESSAGE }]);
  });

  it("holds the numbers to their ranges", async () => {
    const paths = async (body: unknown) =>
      (await errorsOf({ name: "P", ...(body as object) })).map((e) => e.path);
    expect(await paths({ retry: { ratio: 101 } })).toEqual(["retry.ratio"]);
    expect(await paths({ retry: { maxAttempts: 0 } })).toEqual(["retry.maxAttempts"]);
    expect(await paths({ retry: { maxContacts: 301 } })).toEqual(["retry.maxContacts"]);
    expect(await paths({ channels: [{ ...voice, maxAttempts: 301 }] })).toEqual(["channels.0.maxAttempts"]);
    expect(await paths({ channels: [{ ...voice, retryDelay: 99 * 1440 + 23 * 60 + 60 }] })).toEqual([
      "channels.0.retryDelay",
    ]);
    expect(
      (await create({ name: "Max delay", channels: [{ ...voice, retryDelay: 99 * 1440 + 23 * 60 + 59 }] }))
        .status,
    ).toBe(201);
    expect(await paths({ channels: [{ ...voice, maxContacts: 0 }] })).toEqual(["channels.0.maxContacts"]);
  });

  it("needs a payment profile of the tenant's own for SMS and Email, and each channel type once", async () => {
    const sms = { type: "SMS", retryDelay: 60, maxAttempts: 1 };
    expect(await errorsOf({ name: "P", channels: [sms] })).toEqual([
      { path: "channels.0.paymentProfileId", message: PAYMENT_PROFILE_REQUIRED_MESSAGE },
    ]);
    expect(
      await errorsOf({ name: "P", channels: [voice, { ...sms, type: "Email", paymentProfileId: "nope" }] }),
    ).toEqual([{ path: "channels.1.paymentProfileId", message: UNKNOWN_PAYMENT_PROFILE_MESSAGE }]);
    const other = await newTenant(["ListManager"]);
    const foreign = expectProblem(
      await create({ name: "P", channels: [{ ...sms, paymentProfileId: payment.id }] }, other),
      400,
    );
    expect(foreign.errors[0]?.message).toBe(UNKNOWN_PAYMENT_PROFILE_MESSAGE);
    expect(await errorsOf({ name: "P", channels: [voice, voice] })).toEqual([
      { path: "channels", message: CHANNEL_TWICE_MESSAGE },
    ]);
    const smsMax = await errorsOf({
      name: "P",
      channels: [{ ...sms, paymentProfileId: payment.id, maxContacts: 3 }],
    });
    expect(smsMax.map((e) => e.path)).toEqual(["channels.0.maxContacts"]);
  });

  it("holds custom retries to the interval chain, the catalogue and one retry per code", async () => {
    const retry = (custRetry: unknown[]) => ({ name: "P", retry: { custRetry } });
    const interval = (start: number, end: number, minDuration = 10) => ({
      start,
      end,
      minDuration,
      priority: 1,
    });
    const ok = { name: "Busy", codes: [15], retriesbyattempt: [interval(1, 3), interval(4, 99)] };
    expect((await create(retry([ok]))).status).toBe(201);
    const messages = async (custRetry: unknown[]) => (await errorsOf(retry(custRetry))).map((e) => e.message);
    expect(await messages([{ ...ok, retriesbyattempt: [interval(2, 3)] }])).toEqual([CHAIN_MESSAGE]);
    expect(await messages([{ ...ok, retriesbyattempt: [interval(1, 3), interval(5, 6)] }])).toEqual([
      CHAIN_MESSAGE,
    ]);
    expect(await messages([{ ...ok, retriesbyattempt: [interval(1, 100)] }])).toEqual([
      "End attempt must be at most 99",
    ]);
    expect(await messages([{ ...ok, retriesbyattempt: [interval(1, 2, 0)] }])).toEqual([
      "Minimum duration must be at least 1",
    ]);
    expect(await messages([{ ...ok, retriesbyattempt: [interval(1, 2, 10081)] }])).toEqual([
      "Minimum duration must be at most 10080",
    ]);
    expect(await messages([{ ...ok, codes: [9999] }])).toEqual(["Not a disposition code"]);
    expect(await messages([ok, { ...ok, name: "Again", codes: [20, 15] }])).toEqual([CODE_TWICE_MESSAGE]);
    expect(ALL_CODES_USED_MESSAGE).toBe(
      "All Dispositions already have been configured with a custom retry setting",
    );
  });

  it("refuses to delete a profile a campaign uses, and allows it once the campaign is gone", async () => {
    const created = await create({ name: "In use" });
    const path = `/api/profiles/${created.json.id}`;
    const campaign = await campaignUsing(created.json.id);
    const refused = expectProblem(await call(path, { method: "DELETE", session: tenant }), 409);
    expect(refused.detail).toBe(IN_USE_MESSAGE);
    expect((await call(path, { session: tenant })).status).toBe(200);
    // Saving the profile keeps its campaign count: the body cannot clear it.
    await call(path, { method: "PUT", body: { name: "In use still" }, session: tenant });
    expectProblem(await call(path, { method: "DELETE", session: tenant }), 409);

    await asTenant(tenant.tenant, () => deleteCampaignUsingProfile(campaign.id));
    expect((await call(path, { method: "DELETE", session: tenant })).status).toBe(204);
  });

  it("never leaves a campaign pointing at a deleted profile when a create and the delete race", async () => {
    const store = await testStore();
    for (let round = 0; round < 15; round++) {
      const { json: profile } = await create({ name: `Race ${round}` });
      const [campaign, deleted] = await Promise.allSettled([
        campaignUsing(profile.id),
        call(`/api/profiles/${profile.id}`, { method: "DELETE", session: tenant }),
      ]);
      const stillThere = (await store.entities.profile.get({ tenant: tenant.tenant, id: profile.id }).go())
        .data;
      const made = campaign.status === "fulfilled";
      const gone = deleted.status === "fulfilled" && deleted.value.status === 204;
      // Exactly one of them wins.
      expect(made !== gone).toBe(true);
      expect(Boolean(stillThere)).toBe(made);
      if (made) expect(stillThere?.campaigns).toBe(1);
    }
  });

  it("lists the disposition catalogue and the tenant's payment profiles", async () => {
    const codes = (await call("/api/dispositions", { session: tenant })).json.items;
    expect(codes).toContainEqual({ code: 43, name: "Third Party - DNC", class: "doNotCall", dnc: "tenant" });
    expect((await call("/api/payment-profiles", { session: tenant })).json).toEqual({ items: [payment] });
    const other = await newTenant(["ListManager"]);
    expect((await call("/api/payment-profiles", { session: other })).json).toEqual({ items: [] });
  });
});

import fc from "fast-check";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { DISPOSITIONS } from "../../disposition/index.ts";
import { VisibleError } from "../../error/index.ts";
import { ProfileBody } from "../../profile/schema.ts";
import { isCallable, nextCallable } from "../compliance/window.ts";
import {
  afterDisposition,
  type ContactDialState,
  type DialProfile,
  unknownDispositionMessage,
} from "./disposition.ts";

const ET = "America/New_York";
/** 14:00 EDT: inside the window. */
const NOW = new Date("2026-07-15T18:00:00Z");
const MIN = 60_000;

const profileOf = (body: object): DialProfile => v.parse(ProfileBody, { name: "Test", ...body });
const fresh: ContactDialState = { channel: "Voice", attempts: 0, totalAttempts: 0, rpcCount: 0 };
const run = (profile: DialProfile, code: number, contact = fresh, extra: { callbackAt?: Date } = {}) =>
  afterDisposition({ contact, profile, code, now: NOW, windowClass: ET, ...extra });

const channels = [
  { type: "Voice", retryDelay: 120, maxAttempts: 2, maxContacts: 2 },
  { type: "SMS", retryDelay: 0, maxAttempts: 1, paymentProfileId: "pp1" },
];

describe("after a disposition", () => {
  it("retries a retryable code after minDuration, then completes at maxAttempts", () => {
    const profile = profileOf({ retry: { minDuration: 30, maxAttempts: 2 } });
    const first = run(profile, 20);
    expect(first).toMatchObject({
      status: "retry",
      attempts: 1,
      totalAttempts: 1,
      classification: "retryable",
    });
    expect(first.readyAt).toEqual(new Date(NOW.getTime() + 30 * MIN));
    const second = run(profile, 20, { ...fresh, attempts: 1, totalAttempts: 1 });
    expect(second).toMatchObject({
      status: "completed",
      completedReason: "Max attempts",
      attempts: 2,
      readyAt: null,
    });
  });

  it("pushes a retry to the next callable minute", () => {
    const late = new Date("2026-07-16T00:30:00Z"); // 20:30 EDT
    const out = afterDisposition({
      contact: fresh,
      profile: profileOf({ retry: { minDuration: 60 } }),
      code: 15,
      now: late,
      windowClass: ET,
    });
    expect(out.readyAt).toEqual(new Date("2026-07-16T12:00:00Z"));
  });

  it("completes right-party contacts at maxContacts (the Voice channel's if set) and marks the conversation", () => {
    const one = run(profileOf({}), 1);
    expect(one).toMatchObject({
      status: "completed",
      completedReason: "Right party contact",
      rpc: true,
      rpcCount: 1,
    });
    expect(one.answered).toBe(true);
    const two = profileOf({ channels });
    expect(run(two, 2)).toMatchObject({ status: "retry", rpcCount: 1 });
    expect(run(two, 2, { ...fresh, rpcCount: 1 })).toMatchObject({ status: "completed", rpcCount: 2 });
  });

  it("adds tenant DNC codes to the org list, completes skill DNC and final codes", () => {
    expect(run(profileOf({}), 4)).toMatchObject({
      status: "completed",
      completedReason: "Do not call",
      addOrgDnc: true,
    });
    expect(run(profileOf({}), 43).addOrgDnc).toBe(true);
    expect(run(profileOf({}), 3)).toMatchObject({ status: "completed", addOrgDnc: false });
    expect(run(profileOf({}), 22)).toMatchObject({
      status: "completed",
      completedReason: "Final disposition",
    });
  });

  it("schedules callbacks at the time asked, in the window, even past the attempt limit", () => {
    const at = new Date("2026-07-17T15:00:00Z");
    const out = run(profileOf({ retry: { maxAttempts: 1 } }), 8, fresh, { callbackAt: at });
    expect(out).toMatchObject({ status: "callBack", attempts: 1, answered: true, readyAt: at });
    expect(run(profileOf({ retry: { minDuration: 90 } }), 9).readyAt).toEqual(
      new Date(NOW.getTime() + 90 * MIN),
    );
  });

  it("counts code 24 as an abandoned live answer, and machines as not answered", () => {
    expect(run(profileOf({}), 24)).toMatchObject({ answered: true, abandoned: true, status: "retry" });
    expect(run(profileOf({}), 19)).toMatchObject({ answered: false, abandoned: false });
  });

  it("moves to the next channel after the channel's retryDelay, then completes when none is left", () => {
    const profile = profileOf({ channels });
    const moved = run(profile, 20, { ...fresh, attempts: 1, totalAttempts: 1 });
    expect(moved).toMatchObject({ status: "fresh", channel: "SMS", attempts: 0, totalAttempts: 2 });
    expect(moved.readyAt).toEqual(new Date(NOW.getTime() + 120 * MIN));
    const done = run(profile, 20, { channel: "SMS", attempts: 0, totalAttempts: 2, rpcCount: 0 });
    expect(done).toMatchObject({
      status: "completed",
      completedReason: "Channels exhausted",
      channel: "SMS",
    });
  });

  it("spaces a custom retry's attempts by its intervals and stops at its max", () => {
    const profile = profileOf({
      retry: {
        maxAttempts: 10,
        custRetry: [
          {
            name: "busy",
            codes: [15],
            retriesbyattempt: [
              { start: 1, end: 1, minDuration: 5 },
              { start: 2, end: 3, minDuration: 240 },
            ],
          },
        ],
      },
    });
    expect(run(profile, 15).readyAt).toEqual(new Date(NOW.getTime() + 5 * MIN));
    expect(run(profile, 15, { ...fresh, attempts: 1 }).readyAt).toEqual(new Date(NOW.getTime() + 240 * MIN));
    expect(run(profile, 15, { ...fresh, attempts: 2 })).toMatchObject({
      status: "completed",
      completedReason: "Max attempts",
    });
    expect(run(profile, 20, { ...fresh, attempts: 2 }).readyAt).toEqual(new Date(NOW.getTime() + 60 * MIN));
  });

  it("refuses a code the catalogue does not know", () => {
    expect(() => run(profileOf({}), 77)).toThrowError(
      new VisibleError("input", "dialer.unknown_disposition", unknownDispositionMessage(77)),
    );
    expect(unknownDispositionMessage(77)).toBe("Unknown disposition code 77");
  });

  it("over any sequence of results: attempts stay within the limits, channels go in order, readyAt is callable", () => {
    const codes = DISPOSITIONS.map((d) => d.code);
    const profileArb = fc
      .record({
        maxAttempts: fc.integer({ min: 1, max: 6 }),
        minDuration: fc.integer({ min: 0, max: 600 }),
        voiceMax: fc.integer({ min: 1, max: 4 }),
        smsMax: fc.integer({ min: 1, max: 3 }),
        useChannels: fc.boolean(),
        customEnd: fc.integer({ min: 1, max: 5 }),
      })
      .map((p) =>
        profileOf({
          retry: {
            maxAttempts: p.maxAttempts,
            minDuration: p.minDuration,
            maxContacts: 2,
            custRetry: [
              { name: "na", codes: [20], retriesbyattempt: [{ start: 1, end: p.customEnd, minDuration: 7 }] },
            ],
          },
          channels: p.useChannels
            ? [
                { type: "Voice", retryDelay: 30, maxAttempts: p.voiceMax },
                { type: "SMS", retryDelay: 0, maxAttempts: p.smsMax, paymentProfileId: "pp" },
              ]
            : [],
        }),
      );
    fc.assert(
      fc.property(
        profileArb,
        fc.array(fc.constantFrom(...codes), { minLength: 1, maxLength: 30 }),
        fc.constantFrom(ET, "America/Chicago,America/New_York|FL", "Pacific/Honolulu"),
        (profile, sequence, windowClass) => {
          let contact = fresh;
          let now = NOW;
          let callbacks = 0;
          const order = profile.channels.map((c) => c.type);
          for (const code of sequence) {
            const out = afterDisposition({ contact, profile, code, now, windowClass });
            if (out.classification === "callback") callbacks++;
            const entry = profile.channels.find((c) => c.type === contact.channel);
            const limit = entry?.maxAttempts ?? profile.retry.maxAttempts;
            if (out.channel === contact.channel) expect(out.attempts).toBeLessThanOrEqual(limit + callbacks);
            else expect(order.indexOf(out.channel)).toBe(order.indexOf(contact.channel) + 1);
            expect(out.totalAttempts).toBe(contact.totalAttempts + 1);
            if (out.status === "completed") {
              expect(out.readyAt).toBeNull();
              break;
            }
            const readyAt = out.readyAt as Date;
            expect(isCallable(windowClass, readyAt)).toBe(true);
            expect(readyAt.getTime()).toBeGreaterThanOrEqual(now.getTime());
            if (out.status === "retry" && code === 20) {
              expect(nextCallable(windowClass, new Date(now.getTime() + 7 * MIN))).toEqual(readyAt);
            }
            contact = {
              channel: out.channel,
              attempts: out.attempts,
              totalAttempts: out.totalAttempts,
              rpcCount: out.rpcCount,
            };
            now = readyAt;
          }
        },
      ),
      { numRuns: 300 },
    );
  }, 60_000);
});

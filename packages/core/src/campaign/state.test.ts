import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CAMPAIGN_OPERATIONS,
  CAMPAIGN_STATUSES,
  type CampaignStatus,
  next,
  rowActions,
  startPauseRestartOf,
} from "./state.ts";

const status = fc.constantFrom(...CAMPAIGN_STATUSES);
const operation = fc.constantFrom(...CAMPAIGN_OPERATIONS);

describe("campaign state machine", () => {
  it("follows spec 002 §4's transitions", () => {
    expect(next("Pending", "start")).toEqual({ ok: true, status: "Active" });
    expect(next("Active", "pause")).toEqual({ ok: true, status: "Paused" });
    expect(next("Paused", "restart")).toEqual({ ok: true, status: "Active" });
    expect(next("Active", "terminate")).toEqual({ ok: true, status: "Completed" });
    expect(next("Paused", "terminate")).toEqual({ ok: true, status: "Completed" });
    expect(next("Active", "reset")).toEqual({ ok: true, status: "Active" });
    expect(next("Paused", "reset")).toEqual({ ok: true, status: "Paused" });
    expect(next("Active", "complete")).toEqual({ ok: true, status: "Completed" });
    expect(next("Pending", "expire")).toEqual({ ok: true, status: "Expired" });
    expect(next("Pending", "edit")).toEqual({ ok: true, status: "Pending" });
    expect(next("Completed", "edit")).toEqual({
      ok: false,
      reason: "Unable to edit a campaign in a completed state.",
    });
    expect(next("Expired", "edit")).toEqual({ ok: false, reason: "Unable to edit an expired campaign." });
    for (const s of CAMPAIGN_STATUSES) expect(next(s, "delete")).toEqual({ ok: true, status: null });
    for (const s of ["Pending", "Completed", "Expired"] as const) {
      expect(next(s, "terminate").ok).toBe(false);
      expect(next(s, "reset").ok).toBe(false);
    }
    expect(next("Active", "start")).toEqual({
      ok: false,
      reason: "A campaign that is Active cannot be started.",
    });
  });

  it("no sequence of operations reaches a status outside the five, and a refusal changes nothing", () => {
    fc.assert(
      fc.property(fc.array(operation, { maxLength: 60 }), (ops) => {
        let current: CampaignStatus | null = "Pending";
        for (const op of ops) {
          if (current === null) break;
          const out = next(current, op);
          if (!out.ok) {
            expect(out.reason.length).toBeGreaterThan(0);
            continue;
          }
          if (out.status !== null) expect(CAMPAIGN_STATUSES).toContain(out.status);
          current = out.status;
        }
      }),
    );
  });

  it("terminal statuses refuse everything but delete (and Expired refuses a second expiry)", () => {
    fc.assert(
      fc.property(fc.constantFrom("Completed", "Expired" as const), operation, (s, op) => {
        const out = next(s as CampaignStatus, op);
        if (op === "delete") expect(out).toEqual({ ok: true, status: null });
        else if (op === "expire" && s === "Completed") expect(out.ok).toBe(false);
        else expect(out.ok).toBe(false);
      }),
    );
  });

  it("a campaign only ever leaves Pending by start, expire or delete, and never returns to it", () => {
    fc.assert(
      fc.property(status, operation, (s, op) => {
        const out = next(s, op);
        if (out.ok && out.status === "Pending") expect(s).toBe("Pending");
        if (s === "Pending" && out.ok && out.status !== "Pending")
          expect(["start", "expire", "delete"]).toContain(op);
      }),
    );
  });

  it("the row actions a status enables agree with the operations it allows", () => {
    fc.assert(
      fc.property(status, (s) => {
        const actions = rowActions(s);
        expect(actions.terminate).toBe(next(s, "terminate").ok);
        expect(actions.reset).toBe(next(s, "reset").ok);
        expect(actions.edit).toBe(next(s, "edit").ok);
        expect(actions.clone && actions.delete).toBe(true);
        const button = startPauseRestartOf(s);
        expect(actions.startPauseRestart).toBe(button !== null);
        if (button) expect(next(s, button).ok).toBe(true);
      }),
    );
    expect(rowActions("Pending")).toMatchObject({ status: false, export: false, schedule: true });
    expect(rowActions("Completed")).toMatchObject({ status: false, schedule: false, export: true });
    expect(rowActions("Expired")).toMatchObject({ status: false, schedule: true, edit: false });
    expect(rowActions("Active")).toMatchObject({ status: true, export: true, terminate: true });
  });
});

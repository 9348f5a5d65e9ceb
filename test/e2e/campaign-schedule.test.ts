import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import {
  DELETE_EVENT_ERROR,
  FILL_ALL_FIELDS_MESSAGE,
} from "../../packages/core/src/campaign/schedule-schema.ts";
import { call, newTenant, type Session, signIn } from "../support/api.ts";
import { expectAccessible } from "../support/axe.ts";
import { signInThroughUi, useBrowser } from "../support/browser.ts";

/**
 * The Scheduling dialog (spec 002) in the browser: both tabs' forms with the spec's defaults and message,
 * events listed and deleted with 'Delete Event' (and 'Error deleting event' when the delete fails); and
 * the list's live toasts when another session starts and ends a campaign.
 */

const browser = useBrowser();

const query = (state: string) => ({
  type: "group",
  combinator: "and",
  not: false,
  rules: [{ type: "rule", field: "state", operator: "eq", value: state }],
});

async function campaignOf(session: Session, name: string) {
  const profile = await call("/api/profiles", { method: "POST", body: { name: "Nightly" }, session });
  const segments = [];
  for (const [seg, state] of [
    ["Texas", "TX"],
    ["Ohio", "OH"],
  ] as const) {
    const res = await call("/api/segments", {
      method: "POST",
      body: { name: seg, query: query(state) },
      session,
    });
    segments.push({ segmentId: res.json.id as string, segmentRatio: 1 });
  }
  const res = await call("/api/campaigns", {
    method: "POST",
    session,
    body: {
      name,
      skillId: 4700,
      skillName: "Outbound PC",
      campaignProfileId: profile.json.id,
      expireDate: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      segments,
    },
  });
  expect(res.status, res.text).toBe(201);
  return res.json as { id: string };
}

const events = async (session: Session, id: string) =>
  (await call(`/api/campaigns/${id}`, { session })).json as {
    campaignSchedule: { days: number[]; time: string; action: string; timeZone: string }[];
    segmentSchedule: { segments: { segmentRatio: number }[] }[];
  };

async function openOn(page: Page, tenant: { email: string; password: string }) {
  await signInThroughUi(page, tenant.email, tenant.password);
  await page.waitForURL((url) => !url.pathname.startsWith("/sign-in"));
  await page.goto(`${inject("baseUrl")}/campaigns`);
  await page.getByRole("heading", { name: "Campaigns" }).waitFor();
}

describe("campaign scheduling", () => {
  it("adds action and ratio events, deletes one, and shows the spec's messages", async () => {
    const tenant = await newTenant(["ListManager"]);
    const session = await signIn(tenant.email, tenant.password);
    const { id } = await campaignOf(session, "Night Drive");
    const page = await (await browser.newContext({ timezoneId: "America/Chicago" })).newPage();
    await openOn(page, tenant);

    await page.getByRole("button", { name: "Schedule Night Drive" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("tab", { name: "Campaign Actions" }).waitFor();
    await dialog.getByRole("tab", { name: "Segment Ratios" }).waitFor();
    const panel = dialog.getByRole("tabpanel", { name: "Campaign Actions" });
    await panel.getByText("Times are in your time zone (America/Chicago).").waitFor();
    const time = panel.getByLabel("Time");
    expect(await time.inputValue()).toBe("08:00");

    // No day, no action: the spec's sentence, nothing saved.
    await panel.getByRole("button", { name: "Add Event" }).click();
    await panel.getByText(FILL_ALL_FIELDS_MESSAGE).waitFor();
    expect((await events(session, id)).campaignSchedule).toEqual([]);

    await panel.getByText("MO", { exact: true }).click();
    await panel.getByText("WE", { exact: true }).click();
    await panel.getByRole("combobox", { name: /^Action/ }).click();
    await page.getByRole("option", { name: "End Campaign", exact: true }).click();
    await expectAccessible(page, { name: "Scheduling dialog", include: ['[role="dialog"]'] });
    await panel.getByRole("button", { name: "Add Event" }).click();
    const actions = dialog.getByTestId("campaignStatus-events");
    await actions.getByText("MO, WE").waitFor();
    expect(await actions.locator("tbody tr").first().locator("td").allTextContents()).toEqual(
      expect.arrayContaining(["MO, WE", "08:00", "America/Chicago", "End Campaign"]),
    );
    // The next default is 5 minutes later.
    expect(await time.inputValue()).toBe("08:05");
    expect((await events(session, id)).campaignSchedule).toMatchObject([
      { days: [1, 3], time: "08:00", timeZone: "America/Chicago", action: "stop" },
    ]);

    // Segment Ratios: per-segment ratios on Sundays at 08:05.
    await dialog.getByRole("tab", { name: "Segment Ratios" }).click();
    const ratios = dialog.getByRole("tabpanel", { name: "Segment Ratios" });
    await ratios.getByLabel("Ratio of Texas").fill("4");
    await ratios.getByLabel("Ratio of Ohio").fill("0");
    expect(await ratios.getByLabel("Time").inputValue()).toBe("08:05");
    await ratios.getByText("SU", { exact: true }).click();
    await ratios.getByRole("button", { name: "Add Event" }).click();
    await dialog.getByTestId("segmentRatio-events").getByText("Texas: 4, Ohio: 0").waitFor();
    expect((await events(session, id)).segmentSchedule).toMatchObject([
      { segments: [{ segmentRatio: 4 }, { segmentRatio: 0 }] },
    ]);
    await expectAccessible(page, { name: "Scheduling dialog, ratios", include: ['[role="dialog"]'] });

    // A delete that fails says so; a confirmed delete removes the event.
    await dialog.getByRole("tab", { name: "Campaign Actions" }).click();
    await page.route("**/api/cache/create-schedule", (route) =>
      route.fulfill({ status: 500, contentType: "application/problem+json", body: "{}" }),
    );
    await actions.getByRole("button", { name: "Delete event MO, WE 08:00" }).click();
    await page.getByRole("dialog", { name: "Delete Event" }).waitFor();
    await page.getByRole("button", { name: "Delete", exact: true }).click();
    await page.getByText(DELETE_EVENT_ERROR).waitFor();
    await page.unroute("**/api/cache/create-schedule");
    expect((await events(session, id)).campaignSchedule).toHaveLength(1);

    await actions.getByRole("button", { name: "Delete event MO, WE 08:00" }).click();
    await page.getByRole("dialog", { name: "Delete Event" }).waitFor();
    await page.getByRole("button", { name: "Delete", exact: true }).click();
    await actions.getByText("No scheduled events.").waitFor();
    expect((await events(session, id)).campaignSchedule).toEqual([]);
    expect((await events(session, id)).segmentSchedule).toHaveLength(1);
  }, 120_000);

  it("toasts 'Started' and 'Stopped' when another session starts and ends a listed campaign", async () => {
    const tenant = await newTenant(["ListManager"]);
    const session = await signIn(tenant.email, tenant.password);
    const { id } = await campaignOf(session, "Live Drive");
    const page = await (await browser.newContext()).newPage();
    await openOn(page, tenant);
    const table = page.getByTestId("campaigns-table");
    await table.getByText("Live Drive").waitFor();

    const started = await call("/api/cache/create", { method: "POST", session, body: { campaignId: id } });
    expect(started.status, started.text).toBe(200);
    await page.getByText("Campaign Live Drive Started").waitFor({ timeout: 10_000 });
    const ended = await call(`/api/cache/delete/${id}/4700`, { method: "DELETE", session });
    expect(ended.status, ended.text).toBe(200);
    await page.getByText("Campaign Live Drive Stopped").waitFor({ timeout: 10_000 });
    await table.getByText("Completed").waitFor();

    // The viewer's own start has its own toast, once: the live change it causes adds none.
    await campaignOf(session, "Own Drive");
    await table.getByText("Own Drive").waitFor();
    await page.getByRole("button", { name: "Start Own Drive" }).click();
    await page.getByText("Campaign Own Drive Started").waitFor();
    await table.getByText("Active").waitFor();
    await page.waitForTimeout(2000);
    expect(await page.getByText("Campaign Own Drive Started").count()).toBe(1);
  }, 90_000);
});

import { describe, expect, inject, it } from "vitest";
import { addCounters } from "../../packages/core/src/dialer/counters.ts";
import { LINK_MAILED_MESSAGE } from "../../packages/core/src/dialer/export-api.ts";
import { epochHour } from "../../packages/core/src/dialer/model.ts";
import { call, newTenant, signIn, testStore } from "../support/api.ts";
import { expectAccessible } from "../support/axe.ts";
import { signedInPage, useBrowser } from "../support/browser.ts";
import { asTenant } from "../support/core-env.ts";

const browser = useBrowser();

const query = {
  type: "group",
  combinator: "and",
  not: false,
  rules: [{ type: "rule", field: "state", operator: "eq", value: "TX" }],
};

describe("campaign status, breakdown and export dialogs", () => {
  it("shows the counts by segment live, the abandon warning, a segment's hours, and starts an export", async () => {
    const tenant = await newTenant(["ListManager"]);
    const session = await signIn(tenant.email, tenant.password);
    const profile = await call("/api/profiles", { method: "POST", body: { name: "Collections" }, session });
    const segment = await call("/api/segments", { method: "POST", body: { name: "Texas", query }, session });
    const created = await call("/api/campaigns", {
      method: "POST",
      session,
      body: {
        name: "Fall Drive",
        skillId: 4300,
        skillName: "Outbound PC",
        campaignProfileId: profile.json.id,
        expireDate: new Date(Date.now() + 30 * 86_400_000).toISOString(),
        segments: [{ segmentId: segment.json.id }],
      },
    });
    expect(created.status, created.text).toBe(201);
    const campaignId = created.json.id as string;
    const segmentId = segment.json.id as string;
    // The list as the engine would have left it: the campaign Active, its counters, hours and days.
    const store = await testStore();
    await store.entities.campaign
      .patch({ tenant: tenant.tenant, id: campaignId })
      .set({ status: "Active" })
      .go();
    const key = { tenant: tenant.tenant, campaignId };
    const now = epochHour(Date.now());
    await asTenant(tenant.tenant, async () => {
      await addCounters(
        key,
        {
          [segmentId]: {
            fresh: 10,
            inDialer: 2,
            retry: 3,
            callBack: 1,
            completed: 4,
            alFresh: 5,
            alRetry: 1,
          },
        },
        [
          { segmentId, kind: "retry", hour: now + 1, delta: 2 },
          { segmentId, kind: "callBack", hour: now + 2, delta: 1 },
        ],
      );
      const day = new Date().toISOString().slice(0, 10);
      await store.entities.campaignDay.put({ ...key, day, answered: 100, abandoned: 5, dials: 150 }).go();
    });

    const page = await signedInPage(browser, tenant.email, tenant.password);
    await page.goto(`${inject("baseUrl")}/campaigns`);
    await page.getByTestId("campaigns-table").getByText("Fall Drive").waitFor();

    await page.getByRole("button", { name: "Campaign Status Fall Drive" }).click();
    const dialog = page.getByRole("dialog", { name: "Campaign Status: Fall Drive" });
    const totals = dialog.getByTestId("status-totals");
    await totals.getByText("26").waitFor();
    expect(await totals.textContent()).toContain("Completed Contacts4");
    expect(await totals.textContent()).toContain("Percentage Complete15.4%");
    await dialog.getByText("Abandon rate above 3%").waitFor();
    expect(await dialog.getByTestId("abandon-rate").textContent()).toContain("5.0% (5 of 100 answered)");
    const table = dialog.getByTestId("status-table");
    expect(await table.locator("thead th").allTextContents()).toEqual([
      "Segment",
      "Fresh",
      "InDialer",
      "Retry",
      "Call Back",
      "View Breakdown",
    ]);
    expect(await table.locator("tbody tr").first().locator("td").allTextContents()).toEqual([
      "Texas",
      "10",
      "2",
      "3",
      "1",
      "View Breakdown",
    ]);
    await expectAccessible(page, { name: "Campaign Status dialog", include: ['[role="dialog"]'] });

    await dialog.getByText("Agentless").click();
    await table.locator("thead th", { hasText: "Call Back" }).waitFor({ state: "detached" });
    expect(await table.locator("tbody tr").first().locator("td").allTextContents()).toEqual([
      "Texas",
      "5",
      "2",
      "1",
      "View Breakdown",
    ]);
    await dialog.getByText("Voice").click();
    await table.locator("thead th", { hasText: "Call Back" }).waitFor();

    // A change of the counters shows without Refresh (the live feed, one refetch a second at most).
    await asTenant(tenant.tenant, () => addCounters(key, { [segmentId]: { fresh: 7 } }));
    await totals.getByText("33").waitFor({ timeout: 10_000 });

    await dialog.getByRole("button", { name: "View Breakdown Texas" }).click();
    const breakdown = page.getByRole("dialog", { name: "Segment Breakdown: Texas" });
    await breakdown.getByText(/Breakdown as of/).waitFor();
    const ready = breakdown.getByTestId("breakdown-ready");
    expect(await ready.textContent()).toContain("Ready Retries: 1");
    expect(await ready.textContent()).toContain("Ready Callbacks: 0");
    await breakdown.locator(".apexcharts-bar-series").waitFor();
    expect(await breakdown.locator(".apexcharts-xaxis-label").count()).toBeGreaterThan(0);
    expect(await breakdown.locator(".apexcharts-legend-text").allTextContents()).toEqual([
      "Retry",
      "Callback",
    ]);
    await expectAccessible(page, { name: "Segment breakdown dialog", include: ['[role="dialog"]'] });
    // The footer's Close (the header's close control has the same name).
    await breakdown.getByRole("button", { name: "Close" }).last().click();
    await dialog.getByRole("button", { name: "Refresh" }).waitFor();
    await dialog.getByRole("button", { name: "Close" }).last().click();
    await dialog.waitFor({ state: "detached" });

    await page.getByRole("button", { name: "Export Fall Drive" }).click();
    const exporting = page.getByRole("dialog", { name: "Export Campaign: Fall Drive" });
    await exporting.getByText("SFTP export is not configured.").waitFor();
    expect(await exporting.getByRole("checkbox", { name: "Export to SFTP" }).isDisabled()).toBe(true);
    const secured = exporting.getByRole("checkbox", { name: "Download Via Secured Link" });
    expect(await secured.isChecked()).toBe(true);
    await expectAccessible(page, { name: "Export dialog", include: ['[role="dialog"]'] });
    await secured.uncheck();
    expect(await exporting.getByRole("button", { name: "Export" }).isDisabled()).toBe(true);
    await secured.check();
    await exporting.getByRole("button", { name: "Export" }).click();
    await page.getByText("Exporting Campaign").waitFor();
    await page.getByText(LINK_MAILED_MESSAGE).waitFor();
    await exporting.waitFor({ state: "detached" });
    const jobs = await call("/api/jobs?limit=5", { session });
    expect(jobs.json.items.map((j: { kind: string }) => j.kind)).toContain("campaignExport");
  });
});

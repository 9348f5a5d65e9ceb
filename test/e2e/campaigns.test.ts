import { describe, expect, inject, it } from "vitest";
import { IN_USE_MESSAGE } from "../../packages/core/src/campaign/schema.ts";
import { call, newTenant, signIn } from "../support/api.ts";
import { expectAccessible } from "../support/axe.ts";
import { signedInPage, useBrowser } from "../support/browser.ts";

const browser = useBrowser();

const query = {
  type: "group",
  combinator: "and",
  not: false,
  rules: [{ type: "rule", field: "state", operator: "eq", value: "TX" }],
};

describe("campaigns", () => {
  it("lists campaigns and starts, pauses, restarts and ends one; a conflicting start shows the spec's message", async () => {
    const tenant = await newTenant(["ListManager"]);
    const session = await signIn(tenant.email, tenant.password);
    const profile = await call("/api/profiles", { method: "POST", body: { name: "Collections" }, session });
    const segment = await call("/api/segments", { method: "POST", body: { name: "Texas", query }, session });
    const make = async (name: string) => {
      const res = await call("/api/campaigns", {
        method: "POST",
        session,
        body: {
          name,
          skillId: 4100,
          skillName: "Outbound PC",
          campaignProfileId: profile.json.id,
          expireDate: new Date(Date.now() + 30 * 86_400_000).toISOString(),
          segments: [{ segmentId: segment.json.id }],
        },
      });
      expect(res.status, res.text).toBe(201);
      return res.json;
    };
    await make("Spring Drive");
    await make("Summer Drive");

    const page = await signedInPage(browser, tenant.email, tenant.password);
    await page.goto(`${inject("baseUrl")}/campaigns`);
    await page.getByRole("heading", { name: "Campaigns" }).waitFor();
    const table = page.getByTestId("campaigns-table");
    await table.getByText("Spring Drive").waitFor();
    // Newest first; the columns as spec 002 names them.
    const rows = table.locator("tbody tr");
    expect(await rows.nth(0).locator("td").first().textContent()).toBe("Summer Drive");
    expect(await rows.nth(1).locator("td").allTextContents()).toEqual(
      expect.arrayContaining(["Spring Drive", "NiC-Outbound PC", "Collections", "Pending", "No"]),
    );
    await expectAccessible(page, { name: "campaign list" });
    // Pending: End Campaign and Reset are disabled.
    expect(await page.getByRole("button", { name: "End Campaign Spring Drive" }).isDisabled()).toBe(true);
    expect(await page.getByRole("button", { name: "Reset Spring Drive" }).isDisabled()).toBe(true);

    await page.getByRole("button", { name: "Start Spring Drive" }).click();
    await page.getByText("Campaign Spring Drive Started").waitFor();
    await page.getByRole("button", { name: "Pause Spring Drive" }).waitFor();
    expect(await rows.nth(1).getByText("Active").count()).toBe(1);

    // Summer Drive shares the skill and the segment: refused with the spec's sentence, still Pending.
    await page.getByRole("button", { name: "Start Summer Drive" }).click();
    await page.getByText(IN_USE_MESSAGE).waitFor();
    // The row's progress message gives way to its status once the refusal is shown: wait for it.
    await expect.poll(() => rows.nth(0).getByText("Pending").count()).toBe(1);

    await page.getByRole("button", { name: "Pause Spring Drive" }).click();
    await page.getByText("Campaign successfully paused").waitFor();
    await page.getByRole("button", { name: "Restart Spring Drive" }).click();
    await page.getByText("Campaign successfully restarted").waitFor();
    await page.getByRole("button", { name: "Pause Spring Drive" }).waitFor();

    await page.getByRole("button", { name: "End Campaign Spring Drive" }).click();
    await page
      .getByText("This sets the campaign to Completed and removes it from the list manager.")
      .waitFor();
    await page.getByRole("button", { name: "End Campaign", exact: true }).click();
    await page.getByText("Campaign Spring Drive Stopped").waitFor();
    await rows.nth(1).getByText("Completed").waitFor();
    expect(await page.getByRole("button", { name: "Start Spring Drive" }).count()).toBe(0);

    // Its skill and segment are free again.
    await page.getByRole("button", { name: "Start Summer Drive" }).click();
    await page.getByText("Campaign Summer Drive Started").waitFor();

    await page.getByRole("button", { name: "Delete Spring Drive" }).click();
    await page.getByText("Your campaign will be permanently deleted.").waitFor();
    await page.getByRole("button", { name: "Delete", exact: true }).click();
    await expect.poll(() => table.getByText("Spring Drive").count(), { timeout: 10_000 }).toBe(0);
    const left = await call("/api/campaigns", { session });
    expect(left.json.items.map((c: { name: string; status: string }) => [c.name, c.status])).toEqual([
      ["Summer Drive", "Active"],
    ]);
  }, 120_000);
});

import { execFileSync } from "node:child_process";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { call, newTenant, type Session, testStore } from "../support/api.ts";
import { expectAccessible } from "../support/axe.ts";
import { signedInPage, useBrowser } from "../support/browser.ts";
import { connectDynamics, DYNAMICS } from "../support/dynamics.ts";
import { tempDirs } from "../support/temp.ts";

const tempDir = tempDirs();

const browser = useBrowser();

async function signedIn(owner: Session & { email: string; password: string }, path: string) {
  const page = await signedInPage(browser, owner.email, owner.password, { acceptDownloads: true });
  await page.goto(`${inject("baseUrl")}${path}`);
  return page;
}

const field = (page: Page, label: string) => page.getByRole("textbox", { name: label, exact: true });

describe("Downloads screen", () => {
  it("shows the two package cards and downloads each as a real zip", async () => {
    const page = await signedIn(await newTenant([]), "/config/downloads");
    const main = page.getByRole("main");
    const cards = main.locator("section");
    await expect
      .poll(() => main.getByRole("heading", { level: 3 }).allTextContents())
      .toEqual(["Dialer CRM Solution", "Agent Desktop CRM Solution"]);
    expect(await cards.count()).toBe(2);
    await expectAccessible(page, { name: "downloads screen" });

    const dir = tempDir("e2e-downloads-");
    for (const [title, fileName] of [
      ["Dialer CRM Solution", "ReachCX_Dialer_CRM_Solution.zip"],
      ["Agent Desktop CRM Solution", "ReachCX_Agent_Desktop_CRM_Solution.zip"],
    ] as const) {
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("button", { name: `Download ${title}` }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(fileName);
      const file = join(dir, fileName);
      await download.saveAs(file);
      expect(execFileSync("unzip", ["-p", file, "README.txt"], { encoding: "utf8" })).toContain(title);
    }
    // The page stays: the file came as an attachment.
    expect(new URL(page.url()).pathname).toBe("/config/downloads");
  });
});

describe("CRM Configurations screen", () => {
  it("without a connection: Configure Connection, Dynamics 365 not offered, ReachCX saved", async () => {
    const owner = await newTenant([]);
    const page = await signedIn(owner, "/config/inventory-source");
    await expect.poll(() => page.getByRole("heading", { name: "CRM Configurations" }).count()).toBe(1);
    await expect.poll(() => page.getByText("No Dynamics connection is set.").count()).toBe(1);
    expect(await field(page, "App Secret").inputValue()).toBe("");
    expect(await page.getByRole("radio", { name: "Dynamics 365" }).isDisabled()).toBe(true);
    expect(await page.getByRole("radio", { name: "ReachCX" }).isChecked()).toBe(true);
    await expectAccessible(page, { name: "CRM configurations without a connection" });

    await page.getByRole("link", { name: "Configure Connection" }).click();
    await page.waitForURL((url) => url.pathname === "/config/dynamics-configuration");
    await expect.poll(() => page.getByRole("heading", { name: "CRM Connection Wizard" }).count()).toBe(1);
  });

  it("with a connection: the six fields read-only, the secret masked, Edit, and Dynamics 365 saved", async () => {
    const owner = await newTenant([]);
    await connectDynamics(owner);
    const page = await signedIn(owner, "/config/inventory-source");
    await expect.poll(() => field(page, "Client ID").inputValue()).toBe(DYNAMICS.e2ClientId);
    const shown = {
      "On-Prem Alternate URL": DYNAMICS.onPremAccessUrl,
      "On-Prem Auth URL": DYNAMICS.onPremAuthUrl,
      "Dynamics Version": DYNAMICS.onPremVersion,
      "Tenant ID": DYNAMICS.e2DynamTenantId,
      "Client ID": DYNAMICS.e2ClientId,
      "App Secret": "********",
    };
    for (const [label, value] of Object.entries(shown)) {
      expect(await field(page, label).inputValue(), label).toBe(value);
      expect(await field(page, label).getAttribute("readonly"), label).not.toBeNull();
    }
    expect(await page.content()).not.toContain(DYNAMICS.e2ClientSecret);
    expect(await page.getByRole("link", { name: "Edit" }).getAttribute("href")).toBe(
      "/config/dynamics-configuration",
    );

    await page.getByRole("radio", { name: "Dynamics 365" }).check();
    await page.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => page.getByText("Save Successful.").count()).toBe(1);
    await expect
      .poll(async () => (await call("/api/inventory-source", { session: owner })).json.source)
      .toBe("Dynamics 365");
    await expectAccessible(page, { name: "CRM configurations with a connection" });

    // Reloaded, the saved choice is the one shown.
    await page.reload();
    await expect.poll(() => page.getByRole("radio", { name: "Dynamics 365" }).isChecked()).toBe(true);

    // The connection removed since (as a reconfiguring wizard would): the choice stays, with a warning.
    const store = await testStore();
    await store.entities.tenantSettings
      .update({ tenant: owner.tenant })
      .remove(["e2ClientId", "e2ClientSecret", "onPremAccessUrl"])
      .go();
    await page.reload();
    await expect
      .poll(() =>
        page.getByRole("alert").filter({ hasText: "Campaigns take their records from Dynamics 365" }).count(),
      )
      .toBe(1);
    await expect.poll(() => page.getByRole("link", { name: "Configure Connection" }).count()).toBe(1);
    await page.getByRole("radio", { name: "ReachCX" }).check();
    await page.getByRole("button", { name: "Save" }).click();
    await expect
      .poll(async () => (await call("/api/inventory-source", { session: owner })).json.source)
      .toBe("ReachCX");
  });
});

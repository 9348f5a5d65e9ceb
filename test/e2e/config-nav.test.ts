import { describe, expect, inject, it } from "vitest";
import { newTenant } from "../support/api.ts";
import { expectAccessible } from "../support/axe.ts";
import { signedInPage, useBrowser } from "../support/browser.ts";

const browser = useBrowser();

/** Spec 001 §2.1: the configuration area's left navigation, in this order, and where each item goes. */
const NAV = [
  ["Telephony", "/config"],
  ["CRM Configurations", "/config/inventory-source"],
  ["SFTP Connections", "/config/sftp"],
  ["REST Connections", "/config/rest-connections"],
  ["Mobile Applications", "/config/mobile-config"],
  ["Custom Fields", "/config/custom-fields"],
  ["Field Mappings", "/config/field-mappings"],
  ["Downloads", "/config/downloads"],
] as const;

describe("the configuration area's navigation", () => {
  it("lists the eight items in the spec's order, and each opens its screen under its title", async () => {
    const owner = await newTenant([]);
    const page = await signedInPage(browser, owner.email, owner.password);
    await page.goto(`${inject("baseUrl")}/config`);
    const section = page.getByTestId("nav-section-Configuration");
    await expect.poll(() => section.count()).toBe(1);
    const drawer = page.getByRole("navigation", { name: "Sections" });
    const items = drawer.locator(`a[href^="/config"]`);
    await expect
      .poll(() => items.evaluateAll((links) => links.map((l) => [l.textContent, l.getAttribute("href")])))
      .toEqual(NAV.map(([label, path]) => [label, path]));

    for (const [label, path] of NAV) {
      await drawer.getByRole("link", { name: label, exact: true }).click();
      await page.waitForURL((url) => url.pathname === path);
      // The heading is the screen's, whether built or still "not built yet".
      await expect
        .poll(() => page.getByRole("heading", { level: 2, name: label, exact: true }).count())
        .toBe(1);
      await expect
        .poll(() => drawer.locator("a[aria-current='page']").evaluateAll((l) => l.map((a) => a.textContent)))
        .toEqual([label]);
    }
    // The pointer is still on the item just clicked: the active item's hover shade must read at AA too.
    await drawer.locator("a[aria-current='page']").hover();
    await expectAccessible(page, { name: "configuration navigation" });
  });
});

import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser, signInThroughUi } from "../support/browser.ts";

let browser: Browser;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ browser, close } = await launchBrowser());
});
afterAll(async () => {
  await close?.();
});

describe("contact list", () => {
  it("adds a contact, finds it with the search box, sorts and deletes it", async () => {
    const page = await (await browser.newContext()).newPage();
    await signInThroughUi(page, "admin@acme.example");
    await page.waitForURL(/\/dashboard$/);
    await page.goto(`${inject("baseUrl")}/contacts`);
    await expect
      .poll(() => page.getByTestId("contacts-title").textContent())
      .toMatch(/^Showing \d+ of \d+ contacts$/);

    const last = `Zed${Date.now().toString(36)}`;
    await page.getByTestId("add-contact").click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("First Name").fill("Quinn");
    await dialog.getByLabel("Last Name").fill(last);
    await dialog.getByRole("button", { name: "Save" }).click();
    // The server's rule shows on the field: phone or cell is required.
    await expect.poll(() => page.getByText("Please supply phone or cell number").count()).toBeGreaterThan(0);
    await dialog.getByLabel("Phone", { exact: true }).fill("303-555-0142");
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => page.getByText("Saved Contact").count()).toBe(1);

    await page.getByLabel("Search contacts").fill(`${last.toLowerCase().slice(0, 6)}* + quinn`);
    await expect
      .poll(() => page.getByTestId("contacts-title").textContent(), { timeout: 5000 })
      .toBe("Showing 1 of 1 contacts");
    expect(await page.getByTestId("contacts-table").getByText(last).count()).toBe(1);

    // A broken search says why instead of failing silently.
    await page.getByLabel("Search contacts").fill('"quinn');
    await expect
      .poll(() => page.getByText('Unbalanced quotes: a " has no closing ".').count(), { timeout: 5000 })
      .toBe(1);

    await page.getByLabel("Search contacts").fill(last);
    await expect
      .poll(() => page.getByTestId("contacts-title").textContent(), { timeout: 5000 })
      .toBe("Showing 1 of 1 contacts");
    await page.getByRole("button", { name: "Sort by Last Name" }).click();

    await page.getByRole("button", { name: `Delete Quinn ${last}` }).click();
    await expect.poll(() => page.getByText("Your contact will be permanently deleted.").count()).toBe(1);
    await page.getByRole("button", { name: "Yes" }).click();
    await expect.poll(() => page.getByText("Contact Deleted").count()).toBe(1);
    await expect
      .poll(() => page.getByTestId("contacts-title").textContent(), { timeout: 5000 })
      .toBe("Showing 0 of 0 contacts");
  });
});

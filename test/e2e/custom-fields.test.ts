import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { call, newTenant } from "../support/api.ts";
import { expectAccessible } from "../support/axe.ts";
import { signedInPage, useBrowser } from "../support/browser.ts";

const browser = useBrowser();

const rows = (page: Page) => page.getByTestId("custom-fields").locator("tbody tr");

describe("custom fields screen", () => {
  it("adds a field, shows the short and duplicate messages, deletes after 'Are you sure?'", async () => {
    // A tenant of its own, so the list starts empty and no other test's fields interfere.
    const owner = await newTenant(["ListManager"]);
    const page = await signedInPage(browser, owner.email, owner.password);
    await page.goto(`${inject("baseUrl")}/config/custom-fields`);
    await expect.poll(() => page.getByText("No custom fields yet.").count()).toBe(1);
    await expectAccessible(page, { name: "custom fields screen" });

    const form = page.getByRole("form", { name: "Add a custom field" });
    const displayName = form.getByLabel("Display Name");
    await displayName.fill("ab");
    await form.getByRole("button", { name: "Add Field" }).click();
    await expect.poll(() => page.getByText("Custom fields need at least 3 characters").count()).toBe(1);
    await expectAccessible(page, { name: "custom fields form with an error" });

    await displayName.fill("Loyalty Tier");
    await expect.poll(() => form.getByText("Field name: loyaltytier").count()).toBe(1);
    await form.getByLabel("Type").click();
    await page.getByRole("option", { name: "Number" }).click();
    await form.getByRole("button", { name: "Add Field" }).click();
    await expect.poll(() => rows(page).count()).toBe(1);
    await expect.poll(() => rows(page).first().innerText()).toMatch(/Loyalty Tier\s+loyaltytier\s+Number/);
    // The stored field, and the user's context the contact screens read, have it.
    await expect
      .poll(async () => (await call("/api/auth/me", { session: owner })).json.context.customFields)
      .toEqual([{ name: "loyaltytier", displayName: "Loyalty Tier", type: "Number" }]);

    // The same name in another case, and a built-in contact field, are duplicates.
    for (const duplicate of ["LOYALTY tier", "First Name"]) {
      await displayName.fill(duplicate);
      // Typing clears the previous message, so the one below is this name's.
      await expect.poll(() => page.getByText("Custom fields must be unique").count()).toBe(0);
      await form.getByRole("button", { name: "Add Field" }).click();
      await expect.poll(() => page.getByText("Custom fields must be unique").count()).toBe(1);
    }
    expect(await rows(page).count()).toBe(1);

    // Another admin adds a field: the list follows through the change feed.
    const other = await call("/api/custom-fields", {
      method: "POST",
      body: { displayName: "Renewal Date", type: "DateTime" },
      session: owner,
    });
    expect(other.status).toBe(201);
    await expect.poll(() => rows(page).count()).toBe(2);

    await page.getByRole("button", { name: "Delete Loyalty Tier" }).click();
    const dialog = page.getByRole("dialog");
    await expect.poll(() => dialog.getByText("Are you sure?").count()).toBe(1);
    await expectAccessible(page, { name: "delete custom field confirmation", include: ['[role="dialog"]'] });
    await dialog.getByRole("button", { name: "Cancel" }).click();
    expect(await rows(page).count()).toBe(2);

    await page.getByRole("button", { name: "Delete Loyalty Tier" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
    await expect.poll(() => rows(page).count()).toBe(1);
    await expect.poll(() => rows(page).first().innerText()).toMatch(/Renewal Date\s+renewaldate\s+DateTime/);
    expect((await call("/api/custom-fields", { session: owner })).json.items).toEqual([
      { name: "renewaldate", displayName: "Renewal Date", type: "DateTime" },
    ]);
  });
});

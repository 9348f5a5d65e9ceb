import { randomUUID } from "node:crypto";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import {
  DISABLE_CONFIRM_MESSAGE,
  TENANT_ID_PATTERN_MESSAGE,
} from "../../packages/core/src/tenant/admin-schema.ts";
import { call, DEMO_USERS, signIn } from "../support/api.ts";
import { expectAccessible } from "../support/axe.ts";
import { signInThroughUi, useBrowser } from "../support/browser.ts";

const browser = useBrowser();

/** Picks options of the Licenses multi-select in the open dialog. */
async function pickLicences(page: Page, ...names: string[]) {
  const dialog = page.getByRole("dialog");
  for (const name of names) {
    await dialog.getByLabel(/^Licenses/).click();
    await page.getByRole("option", { name, exact: true }).click();
  }
  await page.keyboard.press("Escape");
}

const row = (page: Page, tenantId: string) => page.locator(`tr[data-tenant="${tenantId}"]`);

describe("provider admin", () => {
  it("creates a tenant, edits its licences, disables and enables it; a user made for it sets a new password and lands in the console", async () => {
    // Sorts before every other tenant id, so it is on the list's first page.
    const tenantId = `0e2e-${randomUUID().slice(0, 8)}`;
    const page = await (await browser.newContext()).newPage();
    await signInThroughUi(page, DEMO_USERS.provider);
    await page.waitForURL(/\/admin$/);
    // The admin drawer's groups (spec 003 §2.9).
    for (const group of ["Dashboards", "PromptPay", "Tenant Management", "Payments"])
      await page.getByText(group, { exact: true }).first().waitFor();
    await page.getByRole("link", { name: "Tenants", exact: true }).click();
    await page.waitForURL(/\/admin\/ListTenants/);
    await page.getByRole("heading", { name: "Tenants" }).waitFor();
    await row(page, "acme").waitFor();
    await expectAccessible(page, { name: "tenant list" });

    // Create Tenant: the spec's rules, then a valid tenant.
    await page.getByRole("button", { name: "+ Tenant" }).click();
    await page.waitForURL(/edit=new/);
    const dialog = page.getByRole("dialog", { name: "Create Tenant" });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Create" }).click();
    await dialog.getByText("Please enter in a Tenant ID").waitFor();
    await dialog.getByText("You must select at least one license.").waitFor();
    await dialog.getByLabel("Tenant ID").fill("E2E-Caps");
    await dialog.getByRole("button", { name: "Create" }).click();
    await dialog.getByText(TENANT_ID_PATTERN_MESSAGE).waitFor();
    await dialog.getByLabel("Tenant ID").fill(tenantId);
    await dialog.getByLabel("Name", { exact: true }).fill("E2E Outfitters");
    await pickLicences(page, "ListManager");
    await dialog.getByText("Minimums (coming soon)").first().waitFor();
    await expectAccessible(page, { name: "Create Tenant dialog", include: ['[role="dialog"]'] });
    await dialog.getByRole("button", { name: "Create" }).click();
    await page.getByText("Tenant created.").waitFor();
    await dialog.waitFor({ state: "detached" });
    await expect.poll(() => row(page, tenantId).textContent()).toContain("E2E Outfitters");
    expect(await row(page, tenantId).textContent()).toContain("ListManager");
    expect(await row(page, tenantId).textContent()).toContain("Active");

    // A taken id says so in the spec's words.
    await page.getByRole("button", { name: "+ Tenant" }).click();
    const again = page.getByRole("dialog", { name: "Create Tenant" });
    await again.getByLabel("Tenant ID").fill(tenantId);
    await pickLicences(page, "MaxCIF");
    await again.getByRole("button", { name: "Create" }).click();
    await again.getByText(`Tenant could not be created.. Tenant ${tenantId} already exists.`).waitFor();
    await again.getByRole("button", { name: "Cancel" }).click();
    await again.waitFor({ state: "detached" });

    // Edit Tenant: the id is read-only, the licences change, the Billing Overrides are placeholders.
    await page.getByRole("button", { name: `Edit Tenant ${tenantId}` }).click();
    const edit = page.getByRole("dialog", { name: "Edit Tenant" });
    await edit.waitFor();
    expect(await edit.getByLabel("Tenant ID").inputValue()).toBe(tenantId);
    expect(await edit.getByLabel("Tenant ID").getAttribute("readonly")).not.toBeNull();
    expect(await edit.getByLabel("Minimums (coming soon)").isDisabled()).toBe(true);
    expect(await edit.getByLabel("Nice Sku (coming soon)").isDisabled()).toBe(true);
    await pickLicences(page, "PromptPay");
    await edit.getByRole("button", { name: "Save" }).click();
    await page.getByText("Tenant Updated").waitFor();
    await expect.poll(() => row(page, tenantId).textContent()).toContain("ListManager, PromptPay");

    // Create User from the row: the tenant is picked, the rules are the spec's, the switches make the rights.
    await row(page, tenantId)
      .getByRole("link", { name: `Create User in ${tenantId}` })
      .click();
    await page.waitForURL(/\/admin\/CreateUser\?tenant=/);
    await page.getByRole("heading", { name: "Create User" }).waitFor();
    const email = `e2e-${randomUUID().slice(0, 8)}@outfitters.example`;
    await page.getByRole("button", { name: "Create User" }).click();
    await page.getByText("Please enter in name of user.").waitFor();
    await page.getByText("Please enter in a temporary password for the user.").waitFor();
    await page.getByRole("textbox", { name: /^Name/ }).fill("Erin Outfitter");
    await page.getByRole("textbox", { name: /^Email/ }).fill(email);
    await page.getByLabel("Temporary Password").fill("short");
    await page.getByLabel("Tenant Role").fill("Admin");
    expect(await page.getByLabel("Company").inputValue()).toBe("E2E Outfitters");
    await page.getByRole("button", { name: "Create User" }).click();
    await page.getByText("Password must be at least 8 characters long.").waitFor();
    await page.getByLabel("Temporary Password").fill("temporary-pass-1");
    // Two of the four switches: securityRights keeps the spec's order (Dashboards, Inventory, List, Configuration).
    for (const right of ["Dashboards", "Configuration"])
      await page.getByRole("switch", { name: right, exact: true }).check({ force: true });
    await expectAccessible(page, { name: "Create User form" });
    await page.getByRole("button", { name: "Create User" }).click();
    await page.getByText("User has been created.").waitFor();
    expect(await page.getByRole("textbox", { name: /^Name/ }).inputValue()).toBe("");

    // Disable: asked first, then the new user cannot sign in; Enable undoes it.
    await page.getByRole("link", { name: "Tenants", exact: true }).click();
    await row(page, tenantId).waitFor();
    await page.getByRole("button", { name: `Disable Tenant ${tenantId}` }).click();
    await page.getByText(DISABLE_CONFIRM_MESSAGE).waitFor();
    await page.getByRole("button", { name: "Yes" }).click();
    await expect.poll(() => row(page, tenantId).textContent()).toContain("Disabled");
    const user = await (await browser.newContext()).newPage();
    await signInThroughUi(user, email, "temporary-pass-1");
    await user.getByText("Your organization's access has been disabled.", { exact: false }).waitFor();
    await page.getByRole("button", { name: `Enable Tenant ${tenantId}` }).click();
    await expect.poll(() => row(page, tenantId).textContent()).toContain("Active");

    // The first sign-in: the temporary password leads to the new-password page, then into the console.
    await signInThroughUi(user, email, "temporary-pass-1");
    await user.waitForURL(/\/change-password/);
    await user.getByRole("heading", { name: "Set a new password" }).waitFor();
    await user.getByLabel("New password", { exact: true }).fill("short");
    await user.getByRole("button", { name: "Set password and sign in" }).click();
    await user.getByText("Password must be at least 8 characters long.").waitFor();
    await user.getByLabel("New password", { exact: true }).fill("my-own-pass-1");
    await user.getByLabel("Confirm new password").fill("my-own-pass-2");
    await user.getByRole("button", { name: "Set password and sign in" }).click();
    await user.getByText("The passwords do not match.").waitFor();
    await user.getByLabel("Confirm new password").fill("my-own-pass-1");
    await expectAccessible(user, { name: "new password page" });
    await user.getByRole("button", { name: "Set password and sign in" }).click();
    await user.waitForURL((url) => !/\/(sign-in|change-password)/.test(url.pathname));
    await user.getByTestId("app-title").waitFor();
    // A tenant admin never sees the Admin entry.
    expect(await user.getByTestId("admin-entry").count()).toBe(0);
    const stored = await user.evaluate(() => JSON.parse(localStorage.getItem("reachcx.session") ?? "{}"));
    expect(stored.context).toMatchObject({ tenant: tenantId, securityRights: "1|0|0|1" });

    // Disabled while signed in: the next call ends the session, and signing in again says why.
    await page.getByRole("button", { name: `Disable Tenant ${tenantId}` }).click();
    await page.getByRole("button", { name: "Yes" }).click();
    await expect.poll(() => row(page, tenantId).textContent()).toContain("Disabled");
    await user.reload();
    await user.waitForURL(/\/sign-in/);
    await signInThroughUi(user, email, "my-own-pass-1");
    await user.getByText("Your organization's access has been disabled.", { exact: false }).waitFor();
    await page.getByRole("button", { name: `Enable Tenant ${tenantId}` }).click();
    await expect.poll(() => row(page, tenantId).textContent()).toContain("Active");

    // The temporary password is spent; the user's own signs in.
    expect(
      (await call("/api/auth/sign-in", { method: "POST", body: { email, password: "temporary-pass-1" } }))
        .status,
    ).toBe(401);
    expect((await signIn(email, "my-own-pass-1")).tenant).toBe(tenantId);
    expect(inject("baseUrl")).toBeTruthy();
  });
});

import { describe, expect, inject, it } from "vitest";
import { MESSAGES } from "../../packages/core/src/onboarding/messages.ts";
import { DEMO_USERS } from "../support/api.ts";
import { expectAccessible } from "../support/axe.ts";
import { signedInPage, useBrowser } from "../support/browser.ts";

const browser = useBrowser();

describe("merchant onboarding", () => {
  it("the SuperAdmin onboards a merchant through all seven steps against the simulators and sees Approved", async () => {
    const id = `e2e-${Date.now().toString(36)}`;
    const page = await signedInPage(browser, DEMO_USERS.provider);
    await page.goto(`${inject("baseUrl")}/admin/onboarding`);
    await page.getByRole("heading", { name: "Applications" }).waitFor();
    await expectAccessible(page, { name: "onboarding applications" });

    // An unknown vendor id says so.
    await page.goto(`${inject("baseUrl")}/admin/onboarding/edit/nobody-${id}`);
    await page.getByText(`Vendor nobody-${id} does not exist.`).waitFor();
    await page.goto(`${inject("baseUrl")}/admin/onboarding`);
    await page.getByRole("heading", { name: "Applications" }).waitFor();

    // 1. Initial Information: Next stays disabled while the vendor is 'new'.
    await page.getByRole("link", { name: "+ Merchant" }).click();
    await page.waitForURL(/\/admin\/onboarding\/edit\/new/);
    expect(await page.getByRole("button", { name: "Next" }).isDisabled()).toBe(true);
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText("The PromptPay vendor is required").waitFor();
    await page.getByLabel("PromptPay Vendor").fill(id);
    await page.getByLabel("Name", { exact: true }).fill("E2E Coffee");
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText(MESSAGES.vendorSaved).waitFor();
    await page.waitForURL(new RegExp(`/admin/onboarding/edit/${id}\\?step=1`));

    // 2. Merchant Information: Next needs the CMS app.
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByText(MESSAGES.createAppFirst).waitFor();
    await page.getByLabel("Contact name").fill("Eve Espresso");
    await page.getByLabel("Contact email").fill(`${id}@merchant.example`);
    await page.getByRole("button", { name: "Create CMS App" }).click();
    await page.getByText("CMS application created").waitFor({ timeout: 20_000 });
    await page.getByRole("button", { name: "Next" }).click();

    // 3. Pricing: a value below the minimum is refused; a long decimal is cut on blur.
    const rate = page.getByLabel("Qualified Rate (%)").first();
    await rate.fill("3");
    await page.getByText("Minimum allowed value is 4.24").first().waitFor();
    await rate.fill("4.5678");
    await rate.blur();
    expect(await rate.inputValue()).toBe("4.56");
    await page.getByRole("button", { name: "Save pricing" }).click();
    await page.getByText(MESSAGES.pricingSaved).waitFor({ timeout: 20_000 });
    await expectAccessible(page, { name: "onboarding pricing" });
    await page.getByRole("button", { name: "Next" }).click();

    // 4. Finalize & Email: the verification checkbox, the link.
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByText(MESSAGES.verifyPricing).waitFor();
    await page.getByText("Application changes saved").waitFor();
    await page.getByLabel("I verified that the pricing information is complete").check();
    await page.getByRole("button", { name: "Next" }).click();

    // 5. Monitor: not complete yet; the merchant fills the hosted page in (in the frame) and submits it.
    // The box is the partner's answer: ticking it asks, and it stays unticked until the merchant submitted.
    await page.getByLabel("Application Complete").click();
    await page.getByText(MESSAGES.completeApplication).first().waitFor({ timeout: 20_000 });
    expect(await page.getByLabel("Application Complete").isChecked()).toBe(false);
    await page.getByRole("link", { name: "Open application" }).click();
    await page.waitForURL(/\/admin\/onboarding\/app\//);
    const frame = page.frameLocator('iframe[title="Merchant application"]');
    for (const [label, value] of [
      ["Legal business name", "E2E Coffee LLC"],
      ["Federal tax id", "12-3456789"],
      ["Business address", "1 Bean St"],
      ["Owner name", "Eve Espresso"],
      ["Bank routing number", "011000015"],
      ["Bank account number", "987654321"],
    ] as const)
      await frame.getByLabel(label).fill(value);
    await frame.getByRole("button", { name: "Submit application" }).click();
    await frame.getByText("Application submitted").waitFor();
    await page.getByRole("button", { name: "Close", exact: true }).click();
    await page.waitForURL(new RegExp(`/admin/onboarding/edit/${id}\\?step=4`));
    await page.getByLabel("Application Complete").click();
    await expect
      .poll(() => page.getByLabel("Application Complete").isChecked(), { timeout: 20_000 })
      .toBe(true);
    await page.getByRole("button", { name: "Next" }).click();

    // 6. Nexio Token: wrong credentials first.
    await page.getByLabel("Nexio username").fill("demo-merchant");
    await page.getByLabel("Nexio password").fill("wrong-password");
    await page.getByRole("button", { name: "Generate token" }).click();
    await page.getByText(MESSAGES.invalidNexio).first().waitFor();
    await page.getByLabel("Nexio password").fill("nexio-demo-2026");
    await page.getByRole("button", { name: "Generate token" }).click();
    await page.getByText(MESSAGES.nexioSaved, { exact: true }).waitFor({ timeout: 20_000 });
    await page.getByRole("button", { name: "Next" }).click();

    // 7. Final Approval, then back to the list after 4 s with the vendor Approved and Edit disabled.
    await page.getByRole("button", { name: "Approve" }).click();
    await page.getByText(MESSAGES.finalApprovalRequired).waitFor();
    await page.getByRole("checkbox", { name: "Final approval" }).check();
    await page.getByRole("button", { name: "Approve" }).click();
    await page.getByText(MESSAGES.redirecting).waitFor({ timeout: 20_000 });
    const checklist = page.getByTestId("progress-checklist");
    await checklist.getByLabel("Final Approval: done").waitFor();
    await page.waitForURL(/\/admin\/onboarding(\?|$)/, { timeout: 10_000 });
    const table = page.getByTestId("vendors-table");
    await page.getByRole("heading", { name: "Applications" }).waitFor();
    const row = table.getByRole("row").filter({ hasText: id });
    // The vendor may be on a later page of ten (ids in order): walk until it shows.
    await row
      .first()
      .waitFor({ timeout: 5000 })
      .catch(() => undefined);
    for (let i = 0; i < 20 && (await row.count()) === 0; i++) {
      await page.getByRole("button", { name: "Next", exact: true }).click();
      await page.waitForTimeout(300);
    }
    await row.getByText("Approved").waitFor();
    expect(await row.getByRole("button", { name: `Edit ${id}` }).isDisabled()).toBe(true);

    // Preview: the execution's timeline.
    await row.getByRole("button", { name: `Preview ${id}` }).click();
    const timeline = page.getByTestId("vendor-timeline");
    await timeline.getByText("Email the application link").waitFor();
    await timeline.getByText("Onboarding finished").waitFor();
    await expectAccessible(page, { name: "vendor preview" });
    await page.keyboard.press("Escape");

    // Clone, then delete the copy after the spec's confirmation.
    await row.getByRole("button", { name: `Clone ${id}` }).click();
    await page.getByText(MESSAGES.cloned).waitFor();
    const copy = table.getByRole("row").filter({ hasText: `${id}-copy` });
    await copy.first().waitFor();
    await copy.getByText("SignUp").waitFor();
    await copy.getByRole("button", { name: `Delete ${id}-copy` }).click();
    await page.getByText(MESSAGES.deleteConfirm).waitFor();
    await page.getByRole("button", { name: "Delete", exact: true }).click();
    await page.getByText(MESSAGES.vendorDeleted).waitFor();
    await expect.poll(() => copy.count()).toBe(0);
  });
});

import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { SIMULATED_UNITS } from "../../packages/local/src/simulators/cxone-data.ts";
import { call, newTenant } from "../support/api.ts";
import { expectAccessible } from "../support/axe.ts";
import { signedInPage, useBrowser } from "../support/browser.ts";

/**
 * The Telephony screen's contact-center connection (spec 000 §2, §4, §5, §8): Product, Next, the product's
 * form, Save only after a successful Test Connection and disabled again by any edit, the toasts; the
 * saved secret shown as the mask and tested as the stored one; the legacy form against the simulator's
 * legacy token endpoint, which removes the cloud fields when saved.
 */
const [ACME_UNIT] = SIMULATED_UNITS as [(typeof SIMULATED_UNITS)[0]];
const SUCCESS = "Connection Successful!";
const FAILURE = "Connection unsuccessful, Please check connection settings.";

const browser = useBrowser();

const toast = (page: Page, text: string) =>
  page.locator(".mantine-Notification-root").getByText(text, { exact: true });
/** The connection form's Save (the messaging panels below have their own). */
const saveButton = (page: Page) =>
  page.getByRole("form", { name: /connection$/ }).getByRole("button", { name: "Save", exact: true });

async function dismissToasts(page: Page) {
  const closers = page.locator(".mantine-Notification-root").getByRole("button");
  await expect
    .poll(async () => {
      if ((await closers.count()) > 0)
        await closers
          .first()
          .click({ timeout: 1000 })
          .catch(() => undefined);
      return closers.count();
    })
    .toBe(0);
}

async function chooseProduct(page: Page, product: string) {
  await page.getByRole("combobox", { name: "Product", exact: true }).click();
  await page.getByRole("option", { name: product, exact: true }).click();
  await page.getByRole("button", { name: "Next" }).click();
}

async function testConnection(page: Page, expected: string) {
  await dismissToasts(page);
  await page.getByRole("button", { name: "Test Connection" }).click();
  await toast(page, expected).waitFor();
}

describe("Telephony connection", () => {
  it("tests, then saves the cloud form; an edit disables Save; the saved secret tests as the mask", async () => {
    const owner = await newTenant(["ListManager"]);
    const page = await signedInPage(browser, owner.email, owner.password);
    await page.goto(new URL("/config", page.url()).toString());
    await page.getByRole("button", { name: "Next" }).waitFor();
    await expectAccessible(page, { name: "Telephony product select" });

    await chooseProduct(page, "CXOne");
    await page.waitForURL((url) => url.searchParams.get("product") === "CXOne");
    expect(new URL(page.url()).searchParams.get("step")).toBe("form");
    await page.getByLabel("Business Unit").fill(String(ACME_UNIT.businessUnitId));
    await page.getByLabel("Access Key").fill(ACME_UNIT.accessKey);
    await page.getByLabel("Application Secret").fill(ACME_UNIT.appSecret);
    expect(await saveButton(page).isDisabled()).toBe(true);

    // Wrong credentials: the spec's failure toast, Save stays disabled.
    await page.getByLabel("Access Key").fill("NOT-THE-KEY");
    await testConnection(page, FAILURE);
    expect(await saveButton(page).isDisabled()).toBe(true);

    await page.getByLabel("Access Key").fill(ACME_UNIT.accessKey);
    await testConnection(page, SUCCESS);
    await expect.poll(() => saveButton(page).isEnabled()).toBe(true);
    // Any edit resets the test.
    await page.getByLabel("API Override").fill("https://api.example.com");
    await expect.poll(() => saveButton(page).isDisabled()).toBe(true);
    await page.getByLabel("API Override").fill("");
    await testConnection(page, SUCCESS);
    await expectAccessible(page, { name: "Telephony cloud form" });
    await saveButton(page).click();
    await toast(page, "Save Successful.").waitFor();
    // The form now shows what is saved: the typed secret as the mask, and Save waits for a new test.
    await expect.poll(() => page.getByLabel("Application Secret").inputValue()).toBe("********");
    expect(await saveButton(page).isDisabled()).toBe(true);

    const saved = (await call("/api/tenant-settings", { session: owner })).json;
    expect(saved).toMatchObject({
      icProduct: "CXOne",
      icBU: String(ACME_UNIT.businessUnitId),
      icAccessKey: ACME_UNIT.accessKey,
      icAppSecret: "********",
    });

    // Reloaded: the secret shows as the mask, and the test uses the stored one.
    await page.reload();
    await expect.poll(() => page.getByLabel("Application Secret").inputValue()).toBe("********");
    expect(await saveButton(page).isDisabled()).toBe(true);
    await testConnection(page, SUCCESS);
    await expect.poll(() => saveButton(page).isEnabled()).toBe(true);
  });

  it("tests and saves the legacy form against the legacy token endpoint, removing the cloud fields", async () => {
    const owner = await newTenant(["ListManager"]);
    const cloud = await call("/api/tenant-settings", {
      method: "PATCH",
      session: owner,
      body: {
        icProduct: "CXOne",
        icBU: String(ACME_UNIT.businessUnitId),
        icAccessKey: ACME_UNIT.accessKey,
        icAppSecret: ACME_UNIT.appSecret,
      },
    });
    expect(cloud.status).toBe(200);
    const page = await signedInPage(browser, owner.email, owner.password);
    await page.goto(new URL("/config", page.url()).toString());
    await chooseProduct(page, "Legacy");
    await page.waitForURL((url) => url.searchParams.get("product") === "Legacy");

    // The token URL starts at the platform's: the simulator's in embedded mode.
    await expect
      .poll(() => page.getByLabel("Authentication Token URL").inputValue())
      .toMatch(/\/InContactAuthorizationServer\/Token$/);
    await page.getByLabel("User Name").fill(ACME_UNIT.legacy.userName);
    await page.getByLabel("Password", { exact: true }).fill(ACME_UNIT.legacy.password);
    await page.getByLabel("Business Unit").fill("46001234");
    await page.getByLabel("Application").fill(ACME_UNIT.legacy.app);
    await page.getByLabel("Vendor").fill(ACME_UNIT.legacy.vendor);
    // The legacy business unit is exactly 7 digits.
    await page.getByRole("button", { name: "Test Connection" }).click();
    await page.getByText("The Business Unit Number is 7 Characters Long").waitFor();
    await expectAccessible(page, { name: "Telephony legacy form with an error" });

    await page.getByLabel("Business Unit").fill(String(ACME_UNIT.businessUnitId));
    await testConnection(page, SUCCESS);
    await expect.poll(() => saveButton(page).isEnabled()).toBe(true);
    await saveButton(page).click();
    await toast(page, "Save Successful.").waitFor();

    const saved = (await call("/api/tenant-settings", { session: owner })).json;
    expect(saved).toMatchObject({
      icProduct: "Legacy",
      icUserName: ACME_UNIT.legacy.userName,
      icPassword: "********",
      icApp: ACME_UNIT.legacy.app,
      icVendor: ACME_UNIT.legacy.vendor,
    });
    expect(saved.icAccessKey).toBeUndefined();
    expect(saved.icAppSecret).toBeNull();
  });
});

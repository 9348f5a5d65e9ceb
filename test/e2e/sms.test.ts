import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { SIMULATED_UNITS } from "../../packages/local/src/simulators/cxone-data.ts";
import { TWILIO_ACCOUNTS } from "../../packages/local/src/simulators/twilio-data.ts";
import { call, newTenant } from "../support/api.ts";
import { expectAccessible } from "../support/axe.ts";
import { signedInPage, useBrowser } from "../support/browser.ts";

/**
 * The messaging panels of the Telephony screen (spec 000 §2, §4, §8): configure Twilio, Verify, Save; add
 * a mapping, Save; verify it; save the provider unverified and see the mapping lose its mark; another
 * admin's change shows without a reload.
 */
const [ACME_UNIT] = SIMULATED_UNITS as [(typeof SIMULATED_UNITS)[0]];
const [ACME_TWILIO] = TWILIO_ACCOUNTS as [(typeof TWILIO_ACCOUNTS)[0]];

const browser = useBrowser();

const toast = (page: Page, text: string) =>
  page.locator(".mantine-Notification-root").getByText(text, { exact: true });
const status = (page: Page, provider: string) => page.locator(`[aria-label^="${provider} status:"]`);

/** Toasts sit over the bottom of the page, where the mapping form's dropdowns open: close them first. */
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

async function openPanels(page: Page) {
  await page.goto(`${inject("baseUrl")}/config`);
  const heading = page.getByRole("heading", { name: "Third Party SMS/WhatsApp Provider Configuration" });
  const next = page.getByRole("button", { name: "Next" });
  // The panels come after the connection form's Next (spec 000 §2).
  await expect.poll(async () => (await heading.count()) + (await next.count())).toBeGreaterThan(0);
  if ((await heading.count()) === 0) await next.click();
  await heading.waitFor();
}

describe("messaging panels", () => {
  it("configures and verifies Twilio, maps a number, verifies it, and follows changes", async () => {
    const owner = await newTenant(["ListManager"]);
    // Connected to the simulated acme unit, so its SMS points of contact are offered.
    const connected = await call("/api/tenant-settings", {
      method: "PATCH",
      session: owner,
      body: {
        icProduct: "CXOne",
        icBU: String(ACME_UNIT.businessUnitId),
        icAccessKey: ACME_UNIT.accessKey,
        icAppSecret: ACME_UNIT.appSecret,
      },
    });
    expect(connected.status).toBe(200);
    const page = await signedInPage(browser, owner.email, owner.password);
    await openPanels(page);
    await expect.poll(() => status(page, "Twilio").textContent()).toBe("Not configured");
    await expectAccessible(page, { name: "messaging panels" });

    // Provider: type, Verify, Save.
    await page.getByLabel("Twilio Account SID", { exact: true }).fill(ACME_TWILIO.accountSid);
    await page.getByLabel("Twilio Auth Token", { exact: true }).fill(ACME_TWILIO.authToken);
    await expect.poll(() => status(page, "Twilio").textContent()).toBe("Pending verification, Unsaved");
    await page.getByRole("button", { name: "Verify Twilio", exact: true }).click();
    await toast(page, "Twilio login succeeded!").waitFor();
    await expect.poll(() => status(page, "Twilio").textContent()).toBe("Verified, Unsaved");
    await page.getByRole("button", { name: "Save Twilio", exact: true }).click();
    await toast(page, "Provider info saved!").waitFor();
    await expect.poll(() => status(page, "Twilio").textContent()).toBe("Verified, Saved");
    const twilioRow = async () =>
      (await call("/api/sms-providers", { session: owner })).json.items.find(
        (r: { provider: string }) => r.provider === "Twilio",
      );
    expect(await twilioRow()).toMatchObject({ verified: true, fields: { authToken: "********" } });

    // A wrong token is a failed login, and the row stays open.
    // A row with nothing stored is open already: there is nothing to Edit.
    expect(await page.getByRole("button", { name: "Edit WhatsApp via Twilio" }).isDisabled()).toBe(true);
    await page.getByLabel("WhatsApp via Twilio Account SID").fill(ACME_TWILIO.accountSid);
    await page.getByLabel("WhatsApp via Twilio Auth Token").fill("not-the-token");
    await page.getByRole("button", { name: "Verify WhatsApp via Twilio" }).click();
    await toast(page, "WhatsApp via Twilio login failed.").waitFor();
    await expect
      .poll(() => status(page, "WhatsApp via Twilio").textContent())
      .toBe("Pending verification, Unsaved");

    // Mapping: the form's rules, then a mapping saved.
    await page.getByRole("button", { name: "Add Mapping" }).click();
    await page.getByRole("button", { name: "Save Mappings" }).click();
    for (const message of [
      "Please enter a phone number",
      "A NiC PoC is required",
      "Please select a provider",
    ])
      await page.getByText(message, { exact: true }).waitFor();
    await expectAccessible(page, { name: "mapping form with errors" });
    await dismissToasts(page);
    await page.getByLabel("Phone number 1").fill("3035550150");
    await page.getByRole("combobox", { name: "Point of contact 1" }).click();
    await page.getByRole("option", { name: "Acme SMS Main (3035550150)" }).click();
    await page.getByRole("combobox", { name: "Provider 1" }).click();
    await page.getByRole("option", { name: "Twilio", exact: true }).click();
    const verified = page.getByRole("checkbox", { name: "Verified 1" });
    expect(await verified.isDisabled()).toBe(true);
    await page.getByRole("button", { name: "Save Mappings" }).click();
    await toast(page, "SMS mappings saved successfully").waitFor();
    expect((await call("/api/sms-mappings", { session: owner })).json.mappings).toEqual([
      {
        phone: "3035550150",
        nicPocGuid: ACME_UNIT.pointsOfContact[0]?.pointOfContact,
        nicPocName: "Acme SMS Main",
        provider: "Twilio",
        verified: false,
        appKey: null,
      },
    ]);

    // Verify the saved mapping.
    await expect.poll(() => verified.isDisabled()).toBe(false);
    await dismissToasts(page);
    // The mark is the server's: it shows once the verification answered.
    await verified.click();
    await toast(page, "Mapping has been verified.").waitFor();
    await expect.poll(() => verified.isChecked()).toBe(true);
    expect((await call("/api/sms-mappings", { session: owner })).json.mappings[0].verified).toBe(true);
    await expectAccessible(page, { name: "verified mapping" });

    // Edit clears the provider's verified flag; saved so, the mapping is no longer valid.
    await page.getByRole("button", { name: "Edit Twilio", exact: true }).click();
    await expect.poll(() => status(page, "Twilio").textContent()).toBe("Pending verification, Unsaved");
    await page.getByRole("button", { name: "Save Twilio", exact: true }).click();
    await toast(page, "Warning: 1 SMS mappings are no longer valid.").waitFor();
    await expect.poll(() => status(page, "Twilio").textContent()).toBe("Pending verification, Saved");
    await expect.poll(() => verified.isChecked()).toBe(false);

    // Another admin adds a mapping: the list follows through the change feed.
    const current = (await call("/api/sms-mappings", { session: owner })).json;
    const added = await call("/api/sms-mappings", {
      method: "PUT",
      session: owner,
      body: {
        ...current,
        mappings: [
          ...current.mappings,
          {
            phone: "3035550151",
            nicPocGuid: ACME_UNIT.pointsOfContact[1]?.pointOfContact,
            nicPocName: "Acme SMS Payments",
            provider: "Textel",
          },
        ],
      },
    });
    expect(added.status).toBe(200);
    await expect.poll(() => page.getByLabel("Phone number 2").inputValue()).toBe("3035550151");
  });
});

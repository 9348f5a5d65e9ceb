import { randomUUID } from "node:crypto";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { createCampaignUsingProfile } from "../../packages/core/src/profile/usage.ts";
import { call, newTenant, signIn, testStore } from "../support/api.ts";
import { expectAccessible } from "../support/axe.ts";
import { signedInPage, useBrowser } from "../support/browser.ts";
import { asTenant } from "../support/core-env.ts";

const browser = useBrowser();

async function choose(page: Page, combobox: string, option: string) {
  await page.getByRole("combobox", { name: combobox }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

describe("dialing profiles", () => {
  it("builds a profile with two channels and a custom retry, reorders the channels, saves and reopens it", async () => {
    const tenant = await newTenant(["ListManager"]);
    const session = await signIn(tenant.email, tenant.password);
    const store = await testStore();
    await store.entities.paymentProfile
      .create({ tenant: tenant.tenant, id: randomUUID(), name: "Card payments" })
      .go();

    const page = await signedInPage(browser, tenant.email, tenant.password);
    await page.goto(`${inject("baseUrl")}/profile`);
    await page.getByRole("heading", { name: "Profiles" }).waitFor();
    await page.getByText("No dialing profiles yet.").waitFor();

    await page.getByRole("link", { name: "+ Profile" }).click();
    await page.waitForURL(/\/profile\/new$/);
    await page.getByRole("heading", { name: "Dialing Profile" }).waitFor();
    await page.getByText("Use 20 retries in a batch of 100 contacts.").waitFor();
    expect(await page.getByRole("switch", { name: "Org DNC" }).isChecked()).toBe(true);
    expect(await page.getByRole("switch", { name: "Phone Duplicates" }).isChecked()).toBe(false);
    expect(await page.getByRole("switch", { name: /^Reg F call frequency/ }).isChecked()).toBe(true);
    await page.getByRole("textbox", { name: /^Profile Name/ }).fill("");
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText("A Profile name is required").waitFor();
    await page.getByRole("textbox", { name: /^Profile Name/ }).fill("Collections East");
    await page.getByRole("switch", { name: "Phone Duplicates" }).click({ force: true });
    await page.getByRole("switch", { name: /^Reg F call frequency/ }).click({ force: true });

    // A voice channel, then an SMS channel with its C2A payment profile.
    await page.getByRole("button", { name: "+ New Channel" }).click();
    await page.getByRole("menuitem", { name: "Voice" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("textbox", { name: "Max Attempts" }).fill("4");
    await dialog.getByRole("textbox", { name: "Hours" }).fill("2");
    await dialog.getByRole("button", { name: "Add Channel" }).click();
    await page.getByRole("button", { name: "+ New Channel" }).click();
    await page.getByRole("menuitem", { name: "SMS" }).click();
    await dialog.getByText("Retries aren't activated till ttl has been met").waitFor();
    expect(await dialog.getByRole("button", { name: "Add Channel" }).isDisabled()).toBe(true);
    await choose(page, "C2A Payment Profile", "Card payments");
    await dialog.getByRole("textbox", { name: "Days" }).fill("1");
    await expectAccessible(page, { name: "channel dialog" });
    await dialog.getByRole("button", { name: "Add Channel" }).click();
    await dialog.waitFor({ state: "detached" });

    // Reorder: SMS first.
    await page.getByRole("button", { name: "Move SMS up" }).click();
    const order = () => page.getByTestId("channels").locator("tbody tr td:nth-child(2)").allTextContents();
    expect(await order()).toEqual(["SMS", "Voice"]);

    // A custom retry for Busy with two intervals (the second starts at the first's end + 1).
    await page.getByRole("button", { name: "+ Custom Retry" }).click();
    await page.getByRole("heading", { name: "Create New Custom Retry" }).waitFor();
    await dialog.getByRole("textbox", { name: /^Name/ }).fill("Busy lines");
    await dialog.getByLabel("Disposition Codes").click();
    await page.getByRole("option", { name: "15 Busy", exact: true }).click();
    await page.keyboard.press("Escape");
    await dialog.getByRole("textbox", { name: "Interval 1 end attempt" }).fill("2");
    await dialog.getByRole("button", { name: "Add Interval" }).click();
    await expect
      .poll(() => dialog.getByTestId("retry-intervals").locator("tbody tr td:first-child").allTextContents())
      .toEqual(["1", "3"]);
    await dialog.getByRole("textbox", { name: "Interval 2 end attempt" }).fill("5");
    await dialog.getByRole("textbox", { name: "Interval 2 minimum duration" }).fill("120");
    await expectAccessible(page, { name: "custom retry dialog" });
    await dialog.getByRole("button", { name: "Add", exact: true }).click();
    await dialog.waitFor({ state: "detached" });
    await page.getByTestId("custom-retries").getByText("Busy lines").waitFor();
    await expectAccessible(page, { name: "dialing profile page" });

    await page.getByRole("button", { name: "Save" }).click();
    await page.waitForURL(/\/profile$/);
    await expect.poll(() => page.getByText("Profile Created").count()).toBeGreaterThan(0);
    const table = page.getByTestId("profiles-table");
    await table.getByRole("cell", { name: "Collections East", exact: true }).waitFor();
    await expectAccessible(page, { name: "profile list" });

    const saved = (await call("/api/profiles", { session })).json.items[0];
    expect(saved.channels.map((c: { type: string; order: number }) => [c.order, c.type])).toEqual([
      [1, "SMS"],
      [2, "Voice"],
    ]);
    expect(saved.channels[0]).toMatchObject({ retryDelay: 1440 + 60, paymentProfileName: "Card payments" });
    expect(saved.channels[1]).toMatchObject({ retryDelay: 120, maxAttempts: 4 });
    expect(saved.retry.custRetry[0]).toMatchObject({ name: "Busy lines", codes: [15], max: 5 });
    expect(saved.scrubber).toMatchObject({ orgDnc: true, phoneDup: true });
    expect(saved.compliance).toEqual({ regF: false });

    // Reopen: everything kept; a change saves as an update.
    await table.getByRole("cell", { name: "Collections East", exact: true }).click();
    await page.getByRole("heading", { name: "Dialing Profile" }).waitFor();
    expect(await order()).toEqual(["SMS", "Voice"]);
    await page.getByTestId("custom-retries").getByText("Busy lines").waitFor();
    // Dragging a row reorders too (the buttons are the keyboard's way).
    await page.getByTestId("channel-Voice").dragTo(page.getByTestId("channel-SMS"));
    expect(await order()).toEqual(["Voice", "SMS"]);
    await page.getByRole("button", { name: "Save" }).click();
    await page.waitForURL(/\/profile$/);
    await expect.poll(() => page.getByText("Profile Updated").count()).toBeGreaterThan(0);
    const updated = (await call(`/api/profiles/${saved.id}`, { session })).json;
    expect(updated.channels.map((c: { type: string }) => c.type)).toEqual(["Voice", "SMS"]);

    // A profile a campaign uses is not deleted, and the list says why.
    await asTenant(tenant.tenant, () =>
      createCampaignUsingProfile({ name: "East", campaignProfileId: saved.id }),
    );
    await page.getByRole("button", { name: "Delete Collections East" }).click();
    await page.getByRole("button", { name: "Delete", exact: true }).click();
    await page.getByText("Cannot delete the profile. Campaigns are using it.").waitFor();
    expect((await call(`/api/profiles/${saved.id}`, { session })).status).toBe(200);
  });
});

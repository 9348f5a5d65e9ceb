import { describe, expect, inject, it } from "vitest";
import {
  ANDROID_KEY_REQUIRED_MESSAGE,
  ANDROID_UPDATE_FAILED,
  PROJECT_DELETED,
  PROJECT_SAVED,
} from "../../packages/core/src/push/schema.ts";
import { FAILING_CREDENTIAL, fingerprint } from "../../packages/local/src/simulators/push.ts";
import { call, newTenant } from "../support/api.ts";
import { expectAccessible } from "../support/axe.ts";
import { signedInPage, useBrowser } from "../support/browser.ts";
import { PEM_CERTIFICATE, PEM_KEY, pushPlatform } from "../support/push.ts";

const browser = useBrowser();

describe("mobile applications", () => {
  it("creates an app with an Android key, adds iOS, and deletes it, with the spec's toasts", async () => {
    const tenant = await newTenant([]);
    const page = await signedInPage(browser, tenant.email, tenant.password);

    await page.goto(`${inject("baseUrl")}/config/mobile-config`);
    await page.getByRole("heading", { name: "Mobile Applications" }).waitFor();
    await page.getByText("No mobile applications yet.").waitFor();
    await expectAccessible(page, { name: "mobile application list (empty)" });

    await page.getByRole("link", { name: "New Mobile Application" }).click();
    await page.waitForURL(/\/config\/mobile-config\/new$/);
    await page.getByRole("heading", { name: "New Mobile Application" }).waitFor();
    await page.getByRole("textbox", { name: /^Project Name/ }).fill("Shop App");
    await page.getByRole("textbox", { name: "Description" }).fill("The shop's app");

    // Enabling Android opens its panel, and its key is required before anything is sent.
    await page.getByRole("switch", { name: "Android enabled" }).check({ force: true });
    const apiKey = page.getByLabel(/^API Key/);
    await apiKey.waitFor();
    expect(await apiKey.getAttribute("placeholder")).toBe("not set");
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText(ANDROID_KEY_REQUIRED_MESSAGE).waitFor();
    await expectAccessible(page, { name: "mobile application editor with errors" });

    // The platform refusing the key: the spec's sentence, and nothing saved.
    await apiKey.fill(FAILING_CREDENTIAL);
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText(ANDROID_UPDATE_FAILED).waitFor();
    expect(page.url()).toMatch(/\/config\/mobile-config\/new$/);

    await apiKey.fill("android-key-e2e");
    await page.getByRole("button", { name: "Save" }).click();
    await page.waitForURL((url) => /\/config\/mobile-config\/(?!new$)[^/]+$/.test(url.pathname));
    await expect.poll(() => page.getByText(PROJECT_SAVED).count()).toBeGreaterThan(0);
    await page.getByRole("heading", { name: "Mobile Application: Shop App" }).waitFor();
    const name = page.getByRole("textbox", { name: /^Project Name/ });
    expect(await name.getAttribute("readonly")).not.toBeNull();
    await page.getByText("API key: set").waitFor();
    // The key never comes back: the panel is closed, and opening it shows an empty input saying "set".
    await page.getByRole("button", { name: "Change API key" }).click();
    expect(await apiKey.inputValue()).toBe("");
    expect(await apiKey.getAttribute("placeholder")).toBe("set");
    await page.getByRole("button", { name: "Keep current API key" }).click();
    await expectAccessible(page, { name: "mobile application editor (saved)" });

    // Add iOS with its certificate and key.
    await page.getByRole("switch", { name: "iOS enabled" }).check({ force: true });
    await page.getByRole("textbox", { name: /^Certificate/ }).fill(PEM_CERTIFICATE);
    await page.getByRole("textbox", { name: /^Private Key/ }).fill(PEM_KEY);
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText("Certificate and private key: set").waitFor();
    await expect.poll(() => page.getByText(PROJECT_SAVED).count()).toBeGreaterThan(0);

    const appId = new URL(page.url()).pathname.split("/").at(-1) ?? "";
    const platform = pushPlatform();
    const project = Object.values(platform.projects).find((p) => p.name === "Shop App" && p.ios.enabled);
    expect(project).toMatchObject({
      android: { enabled: true, fingerprint: fingerprint("android-key-e2e") },
      ios: { enabled: true, fingerprint: fingerprint(PEM_CERTIFICATE, PEM_KEY) },
    });

    // The list shows it with the spec's columns.
    await page.getByRole("link", { name: "Cancel" }).click();
    await page.waitForURL(/\/config\/mobile-config$/);
    const table = page.getByTestId("mobile-config-table");
    await table.getByRole("cell", { name: "Shop App", exact: true }).waitFor();
    await table.getByRole("cell", { name: "The shop's app", exact: true }).waitFor();
    await table.getByRole("cell", { name: tenant.tenant, exact: true }).waitFor();
    await expectAccessible(page, { name: "mobile application list" });

    // Delete from the editor, after 'Are you sure?'.
    await page.goto(`${inject("baseUrl")}/config/mobile-config/${appId}`);
    await page.getByRole("heading", { name: "Mobile Application: Shop App" }).waitFor();
    await page.getByRole("button", { name: "Delete" }).click();
    await page.getByRole("dialog", { name: "Are you sure?" }).waitFor();
    await expectAccessible(page, { name: "delete confirmation", include: ['[role="dialog"]'] });
    await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
    await page.waitForURL(/\/config\/mobile-config$/);
    await expect.poll(() => page.getByText(PROJECT_DELETED).count()).toBeGreaterThan(0);
    await page.getByText("No mobile applications yet.").waitFor();
    expect(
      Object.values(pushPlatform().projects).filter((p) => p.name === "Shop App" && p.ios.enabled),
    ).toEqual([]);
  });

  it("pages ten at a time newest first, the page in the URL through reload and back; a foreign id shows not found", async () => {
    const tenant = await newTenant([]);
    const other = await newTenant([]);
    for (let n = 1; n <= 11; n++) {
      const res = await call("/api/mobile-configurations", {
        method: "POST",
        session: tenant,
        body: { name: `App ${String(n).padStart(2, "0")}` },
      });
      expect(res.status, res.text).toBe(201);
    }
    const { json: foreign } = await call("/api/mobile-configurations", {
      method: "POST",
      session: other,
      body: { name: "Other Tenant App" },
    });
    const page = await signedInPage(browser, tenant.email, tenant.password);

    await page.goto(`${inject("baseUrl")}/config/mobile-config`);
    const table = page.getByTestId("mobile-config-table");
    await table.getByRole("cell", { name: "App 11", exact: true }).waitFor();
    expect(await table.getByRole("row").count()).toBe(11); // header + 10
    expect(await table.getByRole("cell", { name: "App 01", exact: true }).count()).toBe(0);

    await page.getByRole("button", { name: "Next" }).click();
    await table.getByRole("cell", { name: "App 01", exact: true }).waitFor();
    await page.waitForURL(/page=2/);
    await page.reload();
    await table.getByRole("cell", { name: "App 01", exact: true }).waitFor();
    await page.goBack();
    await table.getByRole("cell", { name: "App 11", exact: true }).waitFor();

    await page.goto(`${inject("baseUrl")}/config/mobile-config/${foreign.id}`);
    await page.getByText(`Mobile application ${foreign.id} does not exist.`).waitFor();
    expect(await page.getByText("Other Tenant App").count()).toBe(0);
  });
});

import { describe, expect, inject, it } from "vitest";
import {
  DEFAULT_MAPPINGS,
  REQUIRED_TARGETS_MESSAGE,
  TO_UNIQUE_MESSAGE,
} from "../../packages/core/src/field-mapping/schema.ts";
import { call, newTenant, signIn } from "../support/api.ts";
import { expectAccessible } from "../support/axe.ts";
import { signedInPage, signInThroughUi, useBrowser } from "../support/browser.ts";

const browser = useBrowser();

describe("field mappings", () => {
  it("creates one from the nine default rows, refuses a bad mapping with the spec's message, lists and edits it", async () => {
    const tenant = await newTenant([]);
    const session = await signIn(tenant.email, tenant.password);
    // A custom field, so a row can target custom:{name}.
    await call("/api/tenant-settings", {
      method: "PATCH",
      body: { customFields: [{ name: "tier", displayName: "Tier", type: "String" }] },
      session,
    });
    const page = await (await browser.newContext()).newPage();
    await signInThroughUi(page, tenant.email, tenant.password);
    // A tenant holding no module lands on the configuration area.
    await page.waitForURL((url) => !url.pathname.startsWith("/sign-in"));

    await page.goto(`${inject("baseUrl")}/config/field-mappings`);
    await page.getByRole("heading", { name: "Field Mappings" }).waitFor();
    await page.getByText("No field mappings yet.").waitFor();
    await expectAccessible(page, { name: "field mapping list (empty)" });

    await page.getByRole("link", { name: "New Field Mapping" }).click();
    await page.waitForURL(/\/config\/field-mappings\/new$/);
    await page.getByRole("heading", { name: "New Field Mapping" }).waitFor();
    const header = (n: number) => page.getByLabel(`File header ${n}`, { exact: true });
    const target = (n: number) => page.getByRole("combobox", { name: `Contact field ${n}`, exact: true });
    await expect.poll(() => page.getByLabel(/^File header \d+$/).count()).toBe(9);
    expect(await header(1).inputValue()).toBe("ID");
    expect(await target(1).inputValue()).toBe("External ID");
    expect(await header(9).inputValue()).toBe("TimeZone");
    expect(await target(9).inputValue()).toBe("Time Zone");
    await expectAccessible(page, { name: "field mapping editor (new)" });

    // Without a name, and with External ID removed, the spec's messages show before anything is sent.
    await page.getByRole("button", { name: "Remove row 1 (ID)" }).click();
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText("A Field Mapping name is required").waitFor();
    await page.getByText(REQUIRED_TARGETS_MESSAGE).waitFor();
    await expectAccessible(page, { name: "field mapping editor with errors" });

    // A row mapping to a field already mapped says so on that row.
    await page.getByRole("textbox", { name: /^Name/ }).fill("Daily import");
    await page.getByRole("button", { name: "Add Row" }).click();
    await header(9).fill("ExtId");
    await target(9).click();
    await page.getByRole("option", { name: "External ID", exact: true }).click();
    await page.getByRole("button", { name: "Add Row" }).click();
    await header(10).fill("Mobile");
    await target(10).click();
    await page.getByRole("option", { name: "Cell", exact: true }).click();
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText(TO_UNIQUE_MESSAGE).waitFor();
    await target(10).click();
    await page.getByRole("option", { name: "Tier", exact: true }).click();
    await page.getByRole("button", { name: "Save" }).click();

    // 'new' creates, then returns to the list.
    await page.waitForURL(/\/config\/field-mappings$/);
    await expect.poll(() => page.getByText("Field Mapping saved").count()).toBeGreaterThan(0);
    const table = page.getByTestId("field-mappings-table");
    await table.getByRole("cell", { name: "Daily import", exact: true }).waitFor();
    await expectAccessible(page, { name: "field mapping list" });

    const { json } = await call("/api/field-mappings", { session });
    expect(json.items).toHaveLength(1);
    expect(json.items[0].mappings.map((r: { toField: string }) => r.toField)).toEqual([
      "firstName",
      "lastName",
      "phone",
      "cell",
      "city",
      "state",
      "zip",
      "timeZone",
      "externalId",
      "custom:tier",
    ]);

    // An existing mapping saves and stays, saying so.
    await table.getByRole("cell", { name: "Daily import", exact: true }).click();
    await page.waitForURL(new RegExp(`/config/field-mappings/${json.items[0].id}$`));
    await page.getByRole("heading", { name: "Field Mapping: Daily import" }).waitFor();
    await page.getByRole("textbox", { name: /^Name/ }).fill("Nightly import");
    await page.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => page.getByText("Field Mapping saved").count()).toBeGreaterThan(0);
    expect(page.url()).toMatch(new RegExp(`/config/field-mappings/${json.items[0].id}$`));
    await expect
      .poll(async () => (await call(`/api/field-mappings/${json.items[0].id}`, { session })).json.name)
      .toBe("Nightly import");

    // A custom field deleted since stays visible on its row, and saving says it is gone, on that row.
    await call("/api/tenant-settings", { method: "PATCH", body: { customFields: [] }, session });
    await page.reload();
    await expect.poll(() => target(10).inputValue()).toBe("custom:tier (no such field)");
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText("Unknown custom field: tier").waitFor();

    // Delete asks first, then the list shows what is left.
    await page.getByRole("link", { name: "Cancel" }).click();
    await page.getByRole("button", { name: "Delete Nightly import" }).click();
    await page.getByRole("dialog", { name: "Are you sure?" }).waitFor();
    await expectAccessible(page, { name: "delete field mapping dialog", include: ['[role="dialog"]'] });
    await page.getByRole("button", { name: "Delete", exact: true }).click();
    await page.getByText("No field mappings yet.").waitFor();
  });

  it("pages ten at a time, newest first, and keeps the page in the URL through reload and back", async () => {
    const tenant = await newTenant([]);
    const session = await signIn(tenant.email, tenant.password);
    for (let i = 0; i < 12; i++) {
      const res = await call("/api/field-mappings", {
        method: "POST",
        body: { name: `Mapping ${String(i).padStart(2, "0")}`, mappings: DEFAULT_MAPPINGS },
        session,
      });
      expect(res.status).toBe(201);
    }
    const page = await signedInPage(browser, tenant.email, tenant.password);
    await page.goto(`${inject("baseUrl")}/config/field-mappings`);
    const table = page.getByTestId("field-mappings-table");
    const names = () => table.locator("tbody tr td:first-child").allTextContents();
    await expect
      .poll(names)
      .toEqual([11, 10, 9, 8, 7, 6, 5, 4, 3, 2].map((i) => `Mapping ${String(i).padStart(2, "0")}`));

    await page.getByRole("button", { name: "Next" }).click();
    await expect.poll(names).toEqual(["Mapping 01", "Mapping 00"]);
    expect(new URL(page.url()).searchParams.get("page")).toBe("2");
    await expect.poll(() => page.getByTestId("pager-page").textContent()).toBe("Page 2");

    await page.reload();
    await expect.poll(names).toEqual(["Mapping 01", "Mapping 00"]);
    await page.goBack();
    await expect.poll(names).toHaveLength(10);
    await expect.poll(() => page.getByTestId("pager-page").textContent()).toBe("Page 1");
  });
});

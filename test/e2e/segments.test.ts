import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { DELETE_CONFIRM_MESSAGE, RULE_REQUIRED_MESSAGE } from "../../packages/core/src/segment/schema.ts";
import { call, eventually, newTenant, signIn } from "../support/api.ts";
import { expectAccessible } from "../support/axe.ts";
import { signedInPage, useBrowser } from "../support/browser.ts";

const browser = useBrowser();

const PEOPLE = [
  { firstName: "Ava", lastName: "Austin", state: "TX", zip: "75001" },
  { firstName: "Ben", lastName: "Houston", state: "TX", zip: "77002" },
  { firstName: "Cal", lastName: "Elpaso", state: "TX", zip: "79901" },
  { firstName: "Dee", lastName: "Denver", state: "CO", zip: "80202" },
];

/** Picks an option of a Mantine select by its accessible name. */
async function choose(page: Page, combobox: string, option: string) {
  await page.getByRole("combobox", { name: combobox, exact: true }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

describe("segments", () => {
  it("builds a segment with a nested group, counts and previews it, saves, reopens, clones and deletes", async () => {
    const tenant = await newTenant(["ListManager"]);
    const session = await signIn(tenant.email, tenant.password);
    for (const [i, p] of PEOPLE.entries())
      expect(
        (await call("/api/contacts", { method: "POST", body: { ...p, phone: `512555010${i}` }, session }))
          .status,
      ).toBe(201);
    await eventually(
      () => call("/api/contacts", { session }),
      (r) => r.json?.total === PEOPLE.length,
      15_000,
    );

    const page = await signedInPage(browser, tenant.email, tenant.password);
    await page.goto(`${inject("baseUrl")}/segments`);
    await page.getByRole("heading", { name: "Segments" }).waitFor();
    await page.getByText("No segments yet.").waitFor();
    await expectAccessible(page, { name: "segment list (empty)" });

    await page.getByRole("link", { name: "+ Segment" }).click();
    await page.waitForURL(/\/segment\/new$/);
    await page.getByRole("heading", { name: "Create Segment" }).waitFor();
    await page.getByText(RULE_REQUIRED_MESSAGE).waitFor();

    // state eq TX AND (zip begins with 75 OR zip begins with 77)
    const root = page.getByRole("group", { name: "Query" });
    await root.getByRole("button", { name: "+ Rule" }).click();
    await choose(page, "Rule 1 field", "State");
    await choose(page, "Rule 1 value", "TX");
    await root.getByRole("button", { name: "+ Group" }).last().click();
    const group = page.getByRole("group", { name: "Group 2" });
    await group.getByText("OR", { exact: true }).click();
    await choose(page, "Rule 2.1 field", "Zip");
    await choose(page, "Rule 2.1 operator", "wildcard* (begins with)");
    await page.getByRole("textbox", { name: "Rule 2.1 value" }).fill("75");
    await group.getByRole("button", { name: "+ Rule" }).click();
    await choose(page, "Rule 2.2 field", "Zip");
    await choose(page, "Rule 2.2 operator", "wildcard* (begins with)");
    await page.getByRole("textbox", { name: "Rule 2.2 value" }).fill("77");

    const total = page.getByRole("textbox", { name: "Total Segment Contacts" });
    await expect.poll(() => total.inputValue(), { timeout: 10_000 }).toBe("2");
    const preview = page.getByTestId("segment-preview");
    await preview.getByRole("cell", { name: "Austin", exact: true }).waitFor();
    await preview.getByRole("cell", { name: "Houston", exact: true }).waitFor();
    expect(await preview.getByRole("cell", { name: "Elpaso" }).count()).toBe(0);
    await choose(page, "Sort field", "Last Name");
    await expectAccessible(page, { name: "segment editor with a nested group" });

    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText("Please supply a segment name").waitFor();
    await page.getByRole("textbox", { name: /^Name/ }).fill("Texas metros");
    await page.getByRole("textbox", { name: "Description" }).fill("Dallas and Houston zips");
    await page.getByRole("button", { name: "Save" }).click();
    await page.waitForURL(/\/segments$/);
    const table = page.getByTestId("segments-table");
    await table.getByRole("cell", { name: "Texas metros", exact: true }).waitFor();
    await table.getByRole("cell", { name: "Dallas and Houston zips" }).waitFor();

    // Reopen: the nested group came back as it was saved.
    await table.getByRole("cell", { name: "Texas metros", exact: true }).click();
    await page.waitForURL(/\/segment\/[^/]+\?op=edit$/);
    await page.getByRole("heading", { name: "Edit Segment" }).waitFor();
    expect(await page.getByRole("textbox", { name: "Rule 2.2 value" }).inputValue()).toBe("77");
    expect(await page.getByRole("combobox", { name: "Rule 2.1 operator", exact: true }).inputValue()).toBe(
      "wildcard* (begins with)",
    );
    await expect.poll(() => total.inputValue(), { timeout: 10_000 }).toBe("2");

    // A preview row opens the contact.
    await preview.getByRole("cell", { name: "Houston", exact: true }).click();
    await page.waitForURL(/\/contact\/[^/]+$/);
    await page.goBack();
    await page.getByRole("heading", { name: "Edit Segment" }).waitFor();
    await page.getByRole("link", { name: "Close" }).click();
    await page.waitForURL(/\/segments$/);

    // Clone: a copy saved as a new segment.
    await page.getByRole("button", { name: "Clone Texas metros" }).click();
    await page.getByRole("heading", { name: "Clone Segment" }).waitFor();
    expect(await page.getByRole("textbox", { name: /^Name/ }).inputValue()).toBe("Texas metros Copy");
    await page.getByRole("button", { name: "Save" }).click();
    await page.waitForURL(/\/segments$/);
    await table.getByRole("cell", { name: "Texas metros Copy", exact: true }).waitFor();
    await expect.poll(() => table.getByRole("row").count()).toBe(3);
    await expectAccessible(page, { name: "segment list" });

    await page.getByRole("button", { name: "Delete Texas metros Copy" }).click();
    await page.getByText(DELETE_CONFIRM_MESSAGE).waitFor();
    await page.getByRole("button", { name: "Delete", exact: true }).click();
    await expect.poll(() => table.getByRole("row").count()).toBe(2);
    const left = (await call("/api/segments", { session })).json.items.map((s: { name: string }) => s.name);
    expect(left).toEqual(["Texas metros"]);
  });

  it("opens a segment whose custom field was deleted with the rule marked, and saves it once the rule is fixed", async () => {
    const tenant = await newTenant(["ListManager"]);
    const session = await signIn(tenant.email, tenant.password);
    const field = await call("/api/custom-fields", {
      method: "POST",
      body: { displayName: "Region", type: "String" },
      session,
    });
    expect(field.status).toBe(201);
    const query = {
      type: "group",
      combinator: "and",
      not: false,
      rules: [
        { type: "rule", field: "state", operator: "eq", value: "TX" },
        { type: "rule", field: "custom:region", operator: "eq", value: "south" },
      ],
    };
    const created = await call("/api/segments", {
      method: "POST",
      body: { name: "Southern", query },
      session,
    });
    expect(created.status).toBe(201);
    expect((await call("/api/custom-fields/region", { method: "DELETE", session })).status).toBe(204);

    const page = await signedInPage(browser, tenant.email, tenant.password);
    await page.goto(`${inject("baseUrl")}/segment/${created.json.id}?op=edit`);
    await page.getByRole("heading", { name: "Edit Segment" }).waitFor();
    await page.getByText("This custom field no longer exists").waitFor();
    expect(await page.getByRole("combobox", { name: "Rule 2 field", exact: true }).inputValue()).toBe(
      "region (deleted)",
    );
    await expectAccessible(page, { name: "segment editor with a stale rule" });

    await page.getByRole("button", { name: "Save" }).click();
    await page
      .getByRole("alert")
      .getByText(/deleted custom fields \(region\)/)
      .waitFor();
    expect(page.url()).toContain(`/segment/${created.json.id}`);

    await page.getByRole("button", { name: "Remove rule 2" }).click();
    await page.getByRole("button", { name: "Save" }).click();
    await page.waitForURL(/\/segments$/);
    const saved = (await call(`/api/segments/${created.json.id}`, { session })).json;
    expect(saved.staleFields).toEqual([]);
    expect(saved.query.rules).toEqual([{ type: "rule", field: "state", operator: "eq", value: "TX" }]);
  });
});

import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { FIELD_REQUIRED_MESSAGE, RULE_REQUIRED_MESSAGE } from "../../packages/core/src/bulk-edit/fields.ts";
import { call, eventually, newTenant, signIn } from "../support/api.ts";
import { expectAccessible } from "../support/axe.ts";
import { signedInPage, useBrowser } from "../support/browser.ts";

const browser = useBrowser();

const PEOPLE = [
  { firstName: "Ava", lastName: "Austin", state: "TX", source: "bulk-e2e" },
  { firstName: "Ben", lastName: "Houston", state: "TX", source: "bulk-e2e" },
  { firstName: "Cal", lastName: "Elpaso", state: "TX", source: "bulk-e2e" },
  { firstName: "Dee", lastName: "Denver", state: "CO", source: "other" },
];

async function choose(page: Page, combobox: string, option: string) {
  await page.getByRole("combobox", { name: combobox, exact: true }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

describe("bulk edit", () => {
  it("refuses without a rule or a field, previews the matches, updates a field with progress and summary, and lists the job", async () => {
    const tenant = await newTenant(["ListManager"]);
    const session = await signIn(tenant.email, tenant.password);
    const ids: string[] = [];
    for (const [i, p] of PEOPLE.entries()) {
      const res = await call("/api/contacts", {
        method: "POST",
        body: { ...p, phone: `512555020${i}` },
        session,
      });
      expect(res.status).toBe(201);
      ids.push(res.json.id);
    }
    await eventually(
      () => call("/api/contacts", { session }),
      (r) => r.json?.total === PEOPLE.length,
      15_000,
    );

    const page = await signedInPage(browser, tenant.email, tenant.password);
    await page.goto(`${inject("baseUrl")}/bulk-edit`);
    await page.getByRole("heading", { name: "Bulk Edit" }).waitFor();

    // Update with nothing: both of the spec's refusals.
    await page.getByRole("button", { name: "Update", exact: true }).click();
    await page.getByText(RULE_REQUIRED_MESSAGE).waitFor();
    await page.getByText(FIELD_REQUIRED_MESSAGE).waitFor();
    await expectAccessible(page, { name: "bulk edit (refusals)" });

    // state eq TX
    await page.getByRole("group", { name: "Query" }).getByRole("button", { name: "+ Rule" }).click();
    await choose(page, "Rule 1 field", "State");
    await choose(page, "Rule 1 value", "TX");
    await page.getByText("Previewing 3 of 3 matched contacts.").waitFor({ timeout: 10_000 });
    const preview = page.getByTestId("bulk-preview");
    for (const name of ["Austin", "Houston", "Elpaso"])
      await preview.getByRole("cell", { name, exact: true }).waitFor();
    expect(await preview.getByRole("cell", { name: "Denver" }).count()).toBe(0);

    // A value that does not fit the field is refused before anything starts.
    await choose(page, "Field Name", "Zipcode");
    await page.getByRole("textbox", { name: "Value" }).fill("#bad#");
    await page.getByRole("button", { name: "Update", exact: true }).click();
    await page.getByText("Please enter a valid zip code").waitFor();

    await page.getByRole("textbox", { name: "Value" }).fill("78701");
    await page.getByRole("button", { name: "Update", exact: true }).click();
    const confirm = page.getByRole("dialog", { name: "Update contacts" });
    await confirm.getByText("Set Zipcode to 78701 on the 3 matched contacts?").waitFor();
    await confirm.getByRole("button", { name: "Update" }).click();

    // The progress dialog follows the job (its id in the URL) to the summary.
    await page.waitForURL(/\/bulk-edit\?job=/);
    const done = page.getByRole("dialog", { name: "Contacts Updated" });
    await done.waitFor({ timeout: 30_000 });
    await done.getByTestId("bulk-summary").getByText("Successful Contacts: 3 | Error Contacts: 0").waitFor();
    expect(await done.getByRole("progressbar").getAttribute("aria-valuenow")).toBe("100");
    await expectAccessible(page, { name: "bulk edit (summary)" });
    await done.getByRole("button", { name: "Close" }).filter({ hasText: "Close" }).click();
    await page.waitForURL((url) => !url.search.includes("job="));

    for (const id of ids.slice(0, 3))
      expect((await call(`/api/contacts/${id}`, { session })).json.zip).toBe("78701");
    expect((await call(`/api/contacts/${ids[3]}`, { session })).json.zip).toBeUndefined();

    // The jobs view lists it from the drawer, with its counters.
    await page.getByRole("link", { name: "Jobs", exact: true }).first().click();
    await page.waitForURL(/\/jobs$/);
    const row = page.getByTestId("jobs-table").getByRole("row").filter({ hasText: "Set Zipcode to 78701" });
    await row.getByText("Bulk edit").waitFor();
    await row.getByText("done").waitFor();
    await row.getByText("Successful:").waitFor();
    await expectAccessible(page, { name: "jobs view" });
  }, 120_000);
});

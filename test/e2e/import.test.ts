import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { FILE_TYPE_MESSAGE } from "../../packages/core/src/import/schema.ts";
import { call, eventually, newTenant, signIn } from "../support/api.ts";
import { expectAccessible } from "../support/axe.ts";
import { signedInPage, useBrowser } from "../support/browser.ts";
import { newMapping } from "../support/imports.ts";

const browser = useBrowser();

/** Three good rows and one whose state is not a US state. */
const CSV = [
  "ID,FirstName,LastName,Phone,City,State",
  "imp-1,Ana,Archer,5125550301,Austin,TX",
  "imp-2,Bo,Baker,5125550302,Dallas,TX",
  "imp-3,Cy,Carter,5125550303,Waco,ZZ",
  "imp-4,Di,Dunn,5125550304,Plano,TX",
  "",
].join("\r\n");

async function choose(page: Page, combobox: string, option: string) {
  await page.getByRole("combobox", { name: combobox, exact: true }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

const file = (name: string, content: string) => ({
  name,
  mimeType: name.endsWith(".csv") ? "text/csv" : "text/plain",
  buffer: Buffer.from(content),
});

describe("contact import", () => {
  it("asks for a mapping, refuses a non-CSV, imports a CSV with one bad row, shows counts, report and the mail", async () => {
    const tenant = await newTenant(["ListManager"]);
    const session = await signIn(tenant.email, tenant.password);
    const page = await signedInPage(browser, tenant.email, tenant.password);

    // No mapping yet: the spec's message and its link to a new one.
    await page.goto(`${inject("baseUrl")}/import`);
    await page.getByRole("heading", { name: "Contact Import" }).waitFor();
    await page.getByText("No mappings created yet...").waitFor();
    expect(await page.getByRole("link", { name: "Create a field mapping" }).getAttribute("href")).toBe(
      "/config/field-mappings/new",
    );
    await expectAccessible(page, { name: "import (no mappings)" });

    const mapping = await newMapping(session);
    await page.reload();
    await page.getByRole("combobox", { name: "Field Mapping" }).waitFor();
    // Upload is disabled until a mapping is chosen.
    expect(await page.getByRole("button", { name: /CSV file/ }).isDisabled()).toBe(true);
    await choose(page, "Field Mapping", mapping.name);
    await page.waitForURL(new RegExp(`mapping=${mapping.id}`));
    const pairs = page.getByTestId("mapping-pairs");
    await pairs.getByText("ID -> externalId").waitFor();
    await pairs.getByText("State -> state").waitFor();

    const input = page.locator('input[type="file"]');
    await input.setInputFiles(file("contacts.txt", "not,a,csv\n"));
    await page.getByText(FILE_TYPE_MESSAGE).waitFor();

    // A file the job cannot import (only a header): its error shows, and the screen is upload-ready again.
    await input.setInputFiles(file("Header Only.csv", "ID,FirstName,LastName,Phone\r\n"));
    await page.getByRole("button", { name: "Import Contacts" }).click();
    const failure = page.getByRole("alert").filter({ hasText: "The import failed" });
    await failure.getByText("The file has a header row and no contacts.").waitFor({ timeout: 30_000 });
    await page.waitForURL((url) => !url.search.includes("job="));
    expect(await page.getByRole("button", { name: /CSV file/ }).isDisabled()).toBe(false);
    await expectAccessible(page, { name: "import (failed)" });

    await input.setInputFiles(file("May Contacts.csv", CSV));
    await page.getByText("Uploaded May Contacts.csv.").waitFor({ timeout: 15_000 });
    await expectAccessible(page, { name: "import (uploaded)" });
    await page.getByRole("button", { name: "Import Contacts" }).click();
    await page.waitForURL(/job=/);

    await page.getByText("Processed may_contacts.csv.").waitFor({ timeout: 60_000 });
    const counters = page.getByTestId("job-counters");
    await expect.poll(() => counters.textContent()).toContain("Rows read: 4");
    expect(await counters.textContent()).toContain("Imported: 3");
    expect(await counters.textContent()).toContain("Rejected: 1");
    await page.getByRole("button", { name: "Error report" }).waitFor();
    await expectAccessible(page, { name: "import (processed)" });

    // The report's link answers the rejected row.
    const jobId = new URL(page.url()).searchParams.get("job") as string;
    const link = await call(`/api/jobs/${jobId}/report`, { session });
    expect(link.status).toBe(200);
    const report = await (await fetch(new URL(link.json.url, inject("baseUrl")))).text();
    expect(report).toContain("ZZ");
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Error report" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^import-.*-report\.csv$/);

    // The notice with the counts is in the outbox.
    await page.getByRole("link", { name: "Open the outbox" }).click();
    await page.waitForURL(/\/outbox/);
    const subject = page.getByRole("link", { name: "Contact import finished: may_contacts.csv" });
    await subject.waitFor({ timeout: 15_000 });
    await subject.click();
    const message = page.getByTestId("outbox-message");
    await message.getByText("Rejected: 1").waitFor();
    await expectAccessible(page, { name: "outbox with a message" });

    // 'Import another file' returns to upload-ready with the mapping kept.
    await page.goBack();
    await page.goBack();
    await page.getByRole("button", { name: "Import another file" }).click();
    await page.waitForURL((url) => url.pathname === "/import" && !url.search.includes("job="));
    await pairs.getByText("ID -> externalId").waitFor();

    const imported = await eventually(
      () => call("/api/contacts", { session }),
      (r) => r.json?.total === 3,
      15_000,
    );
    expect(imported.json.total).toBe(3);
  }, 120_000);
});

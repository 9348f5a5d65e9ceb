import { describe, expect, inject, it } from "vitest";
import { call, newTenant, signIn } from "../support/api.ts";
import { expectAccessible } from "../support/axe.ts";
import { signedInPage, useBrowser } from "../support/browser.ts";

const browser = useBrowser();

describe("do-not-call lists", () => {
  it("adds, imports (with a bad row reported), searches and removes org numbers", async () => {
    const tenant = await newTenant(["ListManager"]);
    const session = await signIn(tenant.email, tenant.password);
    const page = await signedInPage(browser, tenant.email, tenant.password);
    await page.goto(`${inject("baseUrl")}/dnc`);
    await page.getByRole("heading", { name: "Do Not Call" }).waitFor();
    await page.getByText("No numbers on the do-not-call lists.").waitFor();
    await expectAccessible(page, { name: "do-not-call screen (empty)" });

    await page.getByRole("textbox", { name: "Phone" }).fill("555-0100");
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await page.getByText("Enter a 10-digit US phone number").waitFor();
    await page.getByRole("textbox", { name: "Phone" }).fill("+1 (303) 555-0100");
    await page.getByRole("button", { name: "Add", exact: true }).click();
    const table = page.getByTestId("dnc-table");
    await table.getByRole("cell", { name: "(303) 555-0100", exact: true }).waitFor();

    const [chooser] = await Promise.all([
      page.waitForEvent("filechooser"),
      page.getByRole("button", { name: "Import CSV" }).click(),
    ]);
    await chooser.setFiles({
      name: "dnc.csv",
      mimeType: "text/csv",
      buffer: Buffer.from("phone\n7205550101\nnot a number\n7205550102\n"),
    });
    const report = page.getByTestId("import-report");
    await report.getByText("Added 2, 0 repeated in the file, 1 rejected.").waitFor();
    await report.getByText("Row 3: Not a 10-digit US phone number (not a number)").waitFor();
    await table.getByRole("cell", { name: "(720) 555-0102", exact: true }).waitFor();
    await expectAccessible(page, { name: "do-not-call screen with an import report" });

    await page.getByRole("textbox", { name: "Search by number" }).fill("720");
    await page.getByRole("button", { name: "Search" }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get("phone")).toContain("720");
    await expect.poll(() => table.locator("tbody tr").count()).toBe(2);

    await page.getByRole("button", { name: "Remove (720) 555-0101" }).click();
    await expect.poll(() => table.locator("tbody tr").count()).toBe(1);
    const left = (await call("/api/dnc", { session })).json.items.map((e: { phone: string }) => e.phone);
    expect(left).toEqual(["3035550100", "7205550102"]);
  });
});

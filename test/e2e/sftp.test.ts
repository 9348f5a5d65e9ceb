import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DEFAULT_MAPPINGS } from "../../packages/core/src/field-mapping/schema.ts";
import {
  CHECK_FAILED_MESSAGE,
  CHECK_OK_MESSAGE,
  CREDENTIALS_MESSAGE,
  HOST_SHORT_MESSAGE,
  MAPPING_REQUIRED_MESSAGE,
  NAME_REQUIRED_MESSAGE,
  SAVED_MESSAGE,
} from "../../packages/core/src/sftp/schema.ts";
import { POLL_STARTED_MESSAGE } from "../../packages/web/src/features/sftp/toast.ts";
import { call, newTenant, testStore } from "../support/api.ts";
import { expectAccessible } from "../support/axe.ts";
import { signedInPage, useBrowser } from "../support/browser.ts";
import { DROP, INBOX, PASSWORD_USER, type SftpTestServer, startSftpServer } from "../support/sftp-server.ts";

const browser = useBrowser();
let sftp: SftpTestServer;
beforeAll(async () => {
  sftp = await startSftpServer();
});
afterAll(async () => {
  await sftp?.close();
});

describe("SFTP connections", () => {
  it("adds an import connection: Test required before Save, an edit resets it, saved into the table; the export form saves after its test", async () => {
    const tenant = await newTenant([]);
    const mapping = await call("/api/field-mappings", {
      method: "POST",
      session: tenant,
      body: { name: "Inbox files", mappings: DEFAULT_MAPPINGS },
    });
    expect(mapping.status).toBe(201);
    const page = await signedInPage(browser, tenant.email, tenant.password);

    await page.goto(`${inject("baseUrl")}/config/sftp`);
    await page.getByRole("heading", { name: "SFTP Connections" }).waitFor();
    await page.getByText("No SFTP imports yet.").waitFor();
    expect(await page.getByRole("tab", { name: "SFTP Import" }).getAttribute("aria-selected")).toBe("true");
    await expectAccessible(page, { name: "SFTP import tab (empty)" });

    await page.getByRole("button", { name: "Add SFTP Import" }).click();
    await page.getByRole("heading", { name: "New SFTP Import" }).waitFor();
    const save = page.getByRole("button", { name: "Save" });
    expect(await save.isDisabled()).toBe(true);

    // Test without credentials: the spec's sentence.
    await page.getByRole("button", { name: "Test Connection" }).click();
    await expect.poll(() => page.getByText(CREDENTIALS_MESSAGE).count()).toBeGreaterThan(0);

    await page.getByRole("textbox", { name: /^Name/ }).fill("Nightly leads");
    await page.getByRole("textbox", { name: /^Import URL/ }).fill("ab");
    await page.getByRole("textbox", { name: /^User Name/ }).fill(PASSWORD_USER.username);
    await page.getByLabel("Password", { exact: true }).fill("wrong-password-1");
    await page.getByRole("button", { name: "Test Connection" }).click();
    await page.getByText(HOST_SHORT_MESSAGE).waitFor();

    await page.getByRole("textbox", { name: /^Import URL/ }).fill(sftp.host);
    await page.getByRole("textbox", { name: /^Port/ }).fill(String(sftp.port));
    await page.getByRole("textbox", { name: /^Folder/ }).fill(INBOX);
    // A refused login: the spec's failure toast, Save stays disabled.
    await page.getByRole("button", { name: "Test Connection" }).click();
    await page.getByText(CHECK_FAILED_MESSAGE).waitFor();
    await page.getByText("The server refused the login").waitFor();
    expect(await save.isDisabled()).toBe(true);

    await page.getByLabel("Password", { exact: true }).fill(PASSWORD_USER.password);
    await page.getByRole("button", { name: "Test Connection" }).click();
    await page.getByText(CHECK_OK_MESSAGE).waitFor();
    await expect.poll(() => save.isDisabled()).toBe(false);

    // Any edit resets the test.
    await page.getByRole("textbox", { name: /^Report Email/ }).fill("ops@example.com");
    await expect.poll(() => save.isDisabled()).toBe(true);
    await page.getByRole("button", { name: "Test Connection" }).click();
    await expect.poll(() => save.isDisabled()).toBe(false);

    // Save without a mapping: the spec's message on the form, nothing saved.
    await save.click();
    await page.getByText(MAPPING_REQUIRED_MESSAGE).waitFor();
    await expectAccessible(page, { name: "SFTP import form with errors" });
    await page.getByRole("combobox", { name: /^Field Mapping/ }).click();
    await page.getByRole("option", { name: "Inbox files" }).click();
    // Choosing the mapping was an edit: test again, then save.
    await expect.poll(() => save.isDisabled()).toBe(true);
    await page.getByRole("button", { name: "Test Connection" }).click();
    await expect.poll(() => save.isDisabled()).toBe(false);
    await save.click();
    await page.getByText(SAVED_MESSAGE).waitFor();

    const table = page.getByTestId("sftp-imports-table");
    await table.getByRole("cell", { name: "Nightly leads", exact: true }).waitFor();
    await table.getByRole("cell", { name: "Inbox files", exact: true }).waitFor();
    expect(await page.getByRole("heading", { name: "New SFTP Import" }).count()).toBe(0);
    await expectAccessible(page, { name: "SFTP import tab with a connection" });

    // Editing shows the saved password masked; Cancel closes the form.
    await table.getByRole("cell", { name: "Nightly leads", exact: true }).click();
    await page.getByRole("heading", { name: "Edit Nightly leads" }).waitFor();
    expect(await page.getByLabel("Password", { exact: true }).inputValue()).toBe("********");
    await page.getByRole("textbox", { name: /^Name/ }).fill("");
    await page.getByRole("button", { name: "Test Connection" }).click();
    await page.getByText(CHECK_OK_MESSAGE).first().waitFor();
    await save.click();
    await page.getByText(NAME_REQUIRED_MESSAGE).waitFor();
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect.poll(() => page.getByRole("heading", { name: "Edit Nightly leads" }).count()).toBe(0);
    const saved = await call("/api/sftp-imports", { session: tenant });
    expect(saved.json.items.map((row: { name: string }) => row.name)).toEqual(["Nightly leads"]);

    // Delete after 'Are you sure?'.
    await table.getByRole("button", { name: "Delete Nightly leads" }).click();
    const dialog = page.getByRole("dialog", { name: "Are you sure?" });
    await dialog.waitFor();
    await expectAccessible(page, { name: "SFTP import delete dialog" });
    await dialog.getByRole("button", { name: "Delete" }).click();
    await page.getByText("No SFTP imports yet.").waitFor();
    expect((await call("/api/sftp-imports", { session: tenant })).json.items).toEqual([]);

    // The export tab, in the URL through a reload.
    await page.getByRole("tab", { name: "SFTP Export" }).click();
    await page.waitForURL(/[?&]tab=export/);
    await page.reload();
    await page.getByRole("textbox", { name: /^Export URL/ }).waitFor();
    expect(await page.getByRole("tab", { name: "SFTP Export" }).getAttribute("aria-selected")).toBe("true");
    await page.getByRole("textbox", { name: /^Export URL/ }).fill(sftp.host);
    await page.getByRole("textbox", { name: /^Port/ }).fill(String(sftp.port));
    await page.getByRole("textbox", { name: /^User Name/ }).fill(PASSWORD_USER.username);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD_USER.password);
    const saveExport = page.getByRole("button", { name: "Save" });
    expect(await saveExport.isDisabled()).toBe(true);
    await page.getByRole("button", { name: "Test Connection" }).click();
    await expect.poll(() => saveExport.isDisabled()).toBe(false);
    await expectAccessible(page, { name: "SFTP export form" });
    await saveExport.click();
    await expect.poll(() => page.getByText(SAVED_MESSAGE).count()).toBeGreaterThan(0);
    await expect
      .poll(async () => (await call("/api/sftp-export", { session: tenant })).json)
      .toMatchObject({ configured: true, ftpExportURL: sftp.host, ftpExportPassword: "********" });
  });

  it("a failed load of either tab answers the spec's failure toast, not an error page", async () => {
    const tenant = await newTenant([]);
    const page = await signedInPage(browser, tenant.email, tenant.password);
    // The store failing is not something a test can cause through the API: the browser sees the answer
    // a failing server gives.
    const failing = {
      status: 500,
      contentType: "application/problem+json",
      body: '{"title":"Internal Server Error","status":500}',
    };
    await page.route(/\/api\/sftp-(imports|export)(\?|$)/, (route) => route.fulfill(failing));

    await page.goto(`${inject("baseUrl")}/config/sftp`);
    await page.getByText(CHECK_FAILED_MESSAGE).waitFor();
    await page.getByText("The SFTP imports could not be loaded.").waitFor();
    await page.getByRole("button", { name: "Add SFTP Import" }).waitFor();

    await page.goto(`${inject("baseUrl")}/config/sftp?tab=export`);
    await page.getByText("The SFTP export could not be loaded.").waitFor();
    await expect.poll(() => page.getByText(CHECK_FAILED_MESSAGE).count()).toBeGreaterThan(0);
    await expectAccessible(page, { name: "SFTP export tab, load failed" });
  });

  it("polls an import now and lists the files it took (issue 12)", async () => {
    const tenant = await newTenant([]);
    const mapping = await call("/api/field-mappings", {
      method: "POST",
      session: tenant,
      body: { name: "Drop files", mappings: DEFAULT_MAPPINGS },
    });
    const file = `e2e-${Date.now()}.csv`;
    sftp.dropFiles.set(file, {
      content: Buffer.from("ID,FirstName,LastName,Phone\ne2e-1,Ada,Lovelace,3035550101\n"),
      mtime: Math.floor(Date.now() / 1000) - 3600,
    });
    const created = await call("/api/sftp-imports", {
      method: "POST",
      session: tenant,
      body: {
        name: "Partner drop",
        host: sftp.host,
        port: sftp.port,
        username: PASSWORD_USER.username,
        password: PASSWORD_USER.password,
        path: DROP,
        fieldMappingId: mapping.json.id,
      },
    });
    expect(created.status, created.text).toBe(201);
    const page = await signedInPage(browser, tenant.email, tenant.password);
    await page.goto(`${inject("baseUrl")}/config/sftp`);
    const table = page.getByTestId("sftp-imports-table");
    await table.getByRole("cell", { name: "Partner drop", exact: true }).waitFor();

    await table.getByRole("button", { name: "Poll Partner drop now" }).click();
    await expect.poll(() => page.getByText(POLL_STARTED_MESSAGE).count()).toBeGreaterThan(0);
    // The poll job hands the file to an import job and records it.
    const store = await testStore();
    await expect
      .poll(
        async () =>
          (
            await store.entities.sftpFile.query
              .byImport({ tenant: tenant.tenant, importId: created.json.id })
              .go()
          ).data.length,
        { timeout: 30_000 },
      )
      .toBe(1);

    await table.getByRole("button", { name: "Files of Partner drop" }).click();
    const dialog = page.getByRole("dialog", { name: "Files taken by Partner drop" });
    await dialog.waitFor();
    await dialog.getByRole("cell", { name: file, exact: true }).waitFor();
    await dialog.getByText("Import job started (see Jobs)").waitFor();
    await expectAccessible(page, { name: "SFTP files dialog", include: ['[role="dialog"]'] });
    // The poll's login set Last Test.
    await page.keyboard.press("Escape");
    await expect.poll(() => table.getByRole("cell", { name: "Never", exact: true }).count()).toBe(0);
    sftp.dropFiles.delete(file);
  });
});

import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import {
  DEFAULT_REST_MAPPING,
  ENDPOINT_MESSAGE,
  NAME_REQUIRED_MESSAGE,
  REQUIRED_TARGETS_MESSAGE,
  SALESFORCE_TEST_MESSAGE,
} from "../../packages/core/src/rest-connection/schema.ts";
import {
  DELETED_MESSAGE,
  RUN_STARTED_MESSAGE,
} from "../../packages/web/src/features/rest-connections/toast.ts";
import { call, newTenant, signIn, testStore } from "../support/api.ts";
import { expectAccessible } from "../support/axe.ts";
import { signedInPage, useBrowser } from "../support/browser.ts";
import { type Endpoints, startEndpoints } from "../support/rest-endpoints.ts";

const browser = useBrowser();
let remote: Endpoints;
beforeAll(async () => {
  remote = await startEndpoints();
});
afterAll(async () => {
  await remote?.close();
});

const TOKEN = "e2e-bearer-4be2";

describe("REST connections", () => {
  it("creates a connection with Bearer auth, saves it, tests it and lists it", async () => {
    const tenant = await newTenant([]);
    const page = await signedInPage(browser, tenant.email, tenant.password);

    await page.goto(`${inject("baseUrl")}/config/rest-connections`);
    await page.getByRole("heading", { name: "REST Connections" }).waitFor();
    await page.getByText("No REST connections yet.").waitFor();
    await expectAccessible(page, { name: "REST connection list (empty)" });

    await page.getByRole("link", { name: "New REST Connection" }).click();
    await page.waitForURL(/\/config\/rest-connections\/new$/);
    await page.getByRole("heading", { name: "New REST Connection" }).waitFor();
    await expectAccessible(page, { name: "REST connection editor (new)" });

    // Validation on submit only: nothing shows until Save.
    await page.getByRole("textbox", { name: /^Endpoint/ }).fill("not a url");
    expect(await page.getByText(ENDPOINT_MESSAGE).count()).toBe(0);
    await page.getByRole("tab", { name: "Settings" }).click();
    await page.getByRole("button", { name: "Remove mapping 3 (phone)" }).click();
    await page.getByRole("tab", { name: "Authorization" }).click();
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText(NAME_REQUIRED_MESSAGE).waitFor();
    await page.getByText(ENDPOINT_MESSAGE).waitFor();
    // The mapping rule is on the Settings tab, which opens to show it.
    await page.getByText(REQUIRED_TARGETS_MESSAGE).waitFor();
    await expectAccessible(page, { name: "REST connection editor with errors" });
    await page.getByRole("button", { name: "Add Mapping" }).click();
    await page.getByLabel("From field 3", { exact: true }).fill("mobile");
    await page.getByRole("combobox", { name: "To field 3", exact: true }).click();
    await page.getByRole("option", { name: "Cell", exact: true }).click();

    // Auth: choosing a type shows its fields with their defaults; SalesForce disables Test.
    await page.getByRole("tab", { name: "Authorization" }).click();
    const type = page.getByRole("combobox", { name: "Type", exact: true });
    await type.click();
    await page.getByRole("option", { name: "API Key", exact: true }).click();
    expect(await page.getByRole("textbox", { name: /^Key/ }).inputValue()).toBe("x-api-key");
    await type.click();
    await page.getByRole("option", { name: "SalesForce", exact: true }).click();
    await expect.poll(() => page.getByText(SALESFORCE_TEST_MESSAGE).count()).toBeGreaterThan(0);
    expect(await page.getByRole("button", { name: "Test" }).isDisabled()).toBe(true);
    await expectAccessible(page, { name: "REST connection editor, SalesForce" });
    await type.click();
    await page.getByRole("option", { name: "Bearer Token", exact: true }).click();
    await page.getByLabel("Token", { exact: true }).fill(TOKEN);

    await page.getByRole("textbox", { name: /^Name/ }).fill("Leads API");
    await page.getByRole("textbox", { name: /^Endpoint/ }).fill(`${remote.url}/ok`);
    await page.getByRole("button", { name: "Save" }).click();

    // 'new' creates, then opens the new id.
    await page.waitForURL((url) => /\/config\/rest-connections\/[0-9a-f-]{36}$/.test(url.pathname));
    await expect.poll(() => page.getByText("Connection saved successfully").count()).toBeGreaterThan(0);
    await page.getByRole("heading", { name: "REST Connection: Leads API" }).waitFor();
    expect(await page.getByLabel("Token", { exact: true }).inputValue()).toBe("********");

    // Test sends the saved token from the server; the entry shows with its status badge.
    const before = remote.count();
    await page.getByRole("button", { name: "Test" }).click();
    const entry = page.getByTestId("log-entry").first();
    await entry.waitFor();
    expect(remote.count()).toBe(before + 1);
    expect(remote.last()?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    const status = entry.getByTestId("log-status");
    expect(await status.textContent()).toBe("200");
    expect(await status.getAttribute("data-status-class")).toBe("success");
    await entry.getByText("Found 2 contacts at $.contacts.").waitFor();
    await page.getByRole("tab", { name: /^Logs\s*1$/ }).waitFor();
    await expectAccessible(page, { name: "REST connection logs" });

    // An unsaved edit is what the Test sends: a 500 shows as a server error.
    await page.getByRole("textbox", { name: /^Endpoint/ }).fill(`${remote.url}/fail`);
    await page.getByRole("button", { name: "Test" }).click();
    await page.getByRole("tab", { name: /^Logs\s*2$/ }).waitFor();
    const failed = page.getByTestId("log-entry").first();
    const failedStatus = failed.getByTestId("log-status");
    expect(await failedStatus.textContent()).toBe("500");
    expect(await failedStatus.getAttribute("data-status-class")).toBe("server_error");
    const panel = await page.getByTestId("log-panel").evaluate((el) => getComputedStyle(el).maxHeight);
    expect(panel).toBe("600px");
    await page.getByRole("button", { name: "Clear" }).click();
    await page.getByRole("tab", { name: /^Logs\s*0$/ }).waitFor();
    expect(await page.getByTestId("log-entry").count()).toBe(0);

    // The list shows it, enabled, newest first.
    await page.getByRole("link", { name: "Cancel" }).click();
    await page.waitForURL(/\/config\/rest-connections$/);
    const table = page.getByTestId("rest-connections-table");
    const row = table.getByRole("row", { name: /Leads API/ });
    await row.waitFor();
    expect(await row.getByText("Yes", { exact: true }).count()).toBe(1);
    await expectAccessible(page, { name: "REST connection list" });

    const session = await signIn(tenant.email, tenant.password);
    const listed = await call("/api/rest-connections", { session });
    expect(listed.json.items.map((c: { name: string }) => c.name)).toEqual(["Leads API"]);

    // Run now pulls the endpoint's contacts as a job (issue 12): the toast, then the job's counts.
    await row.getByRole("button", { name: "Run Leads API now" }).click();
    await expect.poll(() => page.getByText(RUN_STARTED_MESSAGE).count()).toBeGreaterThan(0);
    await expect
      .poll(
        async () => {
          const { data: jobs } = await (await testStore()).entities.job.query
            .byCreated({ tenant: tenant.tenant })
            .go();
          const pull = jobs.find((j) => j.kind === "restPull");
          return pull?.state === "done" ? pull.counters : pull?.state;
        },
        { timeout: 30_000 },
      )
      // The mapping reads the cell from `mobile`, which /ok's contacts lack: both are rejected (no phone).
      .toMatchObject({ read: 2, imported: 0, rejected: 2 });
  }, 120_000);

  it("orders the list by Date Created both ways, keeps the order in the URL, and deletes after 'Are you sure?'", async () => {
    const tenant = await newTenant([]);
    const session = await signIn(tenant.email, tenant.password);
    for (const name of ["Alpha", "Beta", "Gamma"]) {
      const body = {
        name,
        endpoint: `${remote.url}/ok`,
        mapping: DEFAULT_REST_MAPPING,
        enabled: name !== "Beta",
      };
      expect((await call("/api/rest-connections", { method: "POST", body, session })).status).toBe(201);
    }
    const page = await signedInPage(browser, tenant.email, tenant.password);
    await page.goto(`${inject("baseUrl")}/config/rest-connections`);
    const table = page.getByTestId("rest-connections-table");
    const names = () => table.locator("tbody tr td:first-child").allTextContents();
    await expect.poll(names).toEqual(["Gamma", "Beta", "Alpha"]);
    expect(await table.getByRole("row", { name: /Beta/ }).getByText("No", { exact: true }).count()).toBe(1);
    // A disabled connection cannot be run.
    expect(await page.getByRole("button", { name: "Run Beta now" }).isDisabled()).toBe(true);

    await page.getByRole("button", { name: "Date Created" }).click();
    await page.waitForURL(/order=asc/);
    await expect.poll(names).toEqual(["Alpha", "Beta", "Gamma"]);
    await page.reload();
    await expect.poll(names).toEqual(["Alpha", "Beta", "Gamma"]);
    await page.goBack();
    await expect.poll(names).toEqual(["Gamma", "Beta", "Alpha"]);

    await page.getByRole("button", { name: "Delete Beta" }).click();
    const dialog = page.getByRole("dialog", { name: "Are you sure?" });
    await dialog.waitFor();
    await expectAccessible(page, { name: "delete REST connection dialog", include: ['[role="dialog"]'] });
    await dialog.getByRole("button", { name: "Delete" }).click();
    await expect.poll(() => page.getByText(DELETED_MESSAGE).count()).toBeGreaterThan(0);
    await expect.poll(names).toEqual(["Gamma", "Alpha"]);
  }, 120_000);
});

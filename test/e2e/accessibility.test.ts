import { randomUUID } from "node:crypto";
import type { BrowserContextOptions, Page } from "playwright-core";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { embeddedIdentity } from "../../packages/core/src/identity/embedded.ts";
import { call, DEMO_USERS, newTenant, type Session, signIn, signingKey, testStore } from "../support/api.ts";
import { expectAccessible } from "../support/axe.ts";
import { signInThroughUi, useBrowser } from "../support/browser.ts";

/**
 * Every built route and every dialog of the console, checked with axe-core (test/support/axe.ts): no
 * serious or critical violation of WCAG 2.1 A/AA or axe's best practices. A new screen adds its visit here
 * or calls expectAccessible in its own browser test.
 */

const browser = useBrowser();
let acme: Session;
const url = (path: string) => `${inject("baseUrl")}${path}`;
const DIALOG = ['[role="dialog"]'];

beforeAll(async () => {
  acme = await signIn(DEMO_USERS.acme);
});

async function newPage(options?: BrowserContextOptions): Promise<Page> {
  return (await browser.newContext(options)).newPage();
}

async function signedIn(email: string, password?: string, options?: BrowserContextOptions) {
  const page = await newPage(options);
  await signInThroughUi(page, email, password);
  await page.waitForURL((u) => !u.pathname.startsWith("/sign-in"));
  // Attached, not visible: at 390 px the top bar may hide the area title.
  await page.getByTestId("app-title").waitFor({ state: "attached" });
  return page;
}

/** Goes to a shell route and waits for its heading (or whatever marks it as rendered). */
async function visit(page: Page, path: string, ready: () => Promise<unknown>) {
  await page.goto(url(path));
  await ready();
}

describe("accessibility (axe-core)", () => {
  it("fails on a serious violation and names the rule and the element", async () => {
    const page = await newPage();
    await page.goto(url("/sign-in"));
    await page.getByRole("button", { name: "Sign in" }).waitFor();
    await expectAccessible(page, { name: "sign-in page" });

    // A button without a name is a critical violation (button-name): the check must fail on it.
    await page.evaluate(() => {
      const button = document.createElement("button");
      button.id = "axe-self-test";
      document.body.append(button);
    });
    const failure = await expectAccessible(page, { name: "sign-in page with a nameless button" }).then(
      () => undefined,
      (err: Error) => err.message,
    );
    expect(failure).toMatch(/\[critical\] button-name: /);
    expect(failure).toContain("#axe-self-test");
    // Scoped to the form, the nameless button is out of reach and the check passes.
    await expectAccessible(page, { name: "sign-in form", include: ["form"] });
  });

  it("sign-in and sign-up pages, with their errors shown", async () => {
    const page = await newPage();
    await page.goto(url("/sign-in"));
    await page.getByLabel("Email", { exact: true }).fill(`nobody-${randomUUID()}@nowhere.example`);
    await page.getByLabel("Password", { exact: true }).fill("wrong-password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByText("Incorrect email or password.").waitFor();
    await expectAccessible(page, { name: "sign-in page with an error" });

    await page.goto(url("/sign-up"));
    await page.getByRole("button", { name: "Sign up" }).click();
    await page.getByText("Please enter your name.").waitFor();
    await expectAccessible(page, { name: "sign-up page with field errors" });
  });

  it("the shell: dashboard placeholder, a not-built screen, the 404 page, the help and user menus", async () => {
    const page = await signedIn(DEMO_USERS.acme);
    await page.waitForURL(/\/dashboard$/);
    await page.getByTestId("nav-drawer").waitFor();
    await expectAccessible(page, { name: "shell with drawer on /dashboard" });

    await visit(page, "/config/tester", () => page.getByText("This screen is not built yet.").waitFor());
    await expectAccessible(page, { name: "not-built screen /config/tester" });

    for (const path of ["/e2", "/ppay"]) {
      await visit(page, path, () => page.getByTestId("nav-drawer").waitFor());
      await expectAccessible(page, { name: `${path} in the shell` });
    }

    await visit(page, "/no-such-page", () => page.getByText("Page not found").waitFor());
    await expectAccessible(page, { name: "404 page" });

    await visit(page, "/dashboard", () => page.getByTestId("help-menu").waitFor());
    await page.getByTestId("help-menu").click();
    await page.getByRole("menuitem", { name: "Help Documentation" }).waitFor();
    await expectAccessible(page, { name: "help menu open" });
    await page.keyboard.press("Escape");

    await page.getByTestId("user-menu").click();
    await page.getByTestId("logout").waitFor();
    await expectAccessible(page, { name: "user menu open" });
  });

  it("the contact list, its search help, the New Contact dialog and the delete confirmation", async () => {
    const last = `Axe${Date.now().toString(36)}`;
    const created = await call("/api/contacts", {
      method: "POST",
      body: { firstName: "Ada", lastName: last, phone: "3035550123" },
      session: acme,
    });
    expect(created.status).toBe(201);
    const page = await signedIn(DEMO_USERS.acme);
    await visit(page, "/contacts", () =>
      expect.poll(() => page.getByTestId("contacts-title").textContent()).toMatch(/^Showing \d+ of \d+/),
    );
    await expectAccessible(page, { name: "contact list" });

    await page.getByLabel("Search contacts").fill(last);
    await expect
      .poll(() => page.getByTestId("contacts-table").getByText(last).count(), { timeout: 5000 })
      .toBe(1);
    await expectAccessible(page, { name: "contact list, searched" });

    await page.getByTestId("search-help").hover();
    await page.getByRole("tooltip").waitFor();
    await expectAccessible(page, { name: "search help tooltip" });

    await page.getByTestId("add-contact").click();
    const dialog = page.getByRole("dialog", { name: "New Contact" });
    await dialog.waitFor();
    await expectAccessible(page, { name: "New Contact dialog", include: DIALOG });
    // With the server's field errors shown.
    await dialog.getByLabel("First Name").fill("Bo");
    await dialog.getByLabel("Last Name").fill(last);
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect
      .poll(() => dialog.getByText("Please supply phone or cell number").count())
      .toBeGreaterThan(0);
    await expectAccessible(page, { name: "New Contact dialog with errors", include: DIALOG });
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });

    await page.getByRole("button", { name: `Delete Ada ${last}` }).click();
    await page.getByText("Your contact will be permanently deleted.").waitFor();
    await expectAccessible(page, { name: "delete confirmation", include: DIALOG });
  });

  it("the contact detail with its panels, custom fields, the device and balance dialogs and an open note", async () => {
    // A tenant of its own with one custom field of each type, so the detail shows every kind of input.
    const owner = await newTenant(["ListManager", "PromptPay"]);
    // Named from the display name, as the custom field rules want: `phone` alone is a built-in contact field.
    // Phone is written to the store as an older tenant has it: no new field may be of that type any more.
    const customFields = (["String", "Number", "DateTime", "Boolean", "Phone"] as const).map((type) => ({
      name: `custom${type.toLowerCase()}`,
      displayName: `Custom ${type}`,
      type,
    }));
    const store = await testStore();
    await store.entities.tenantSettings.patch({ tenant: owner.tenant }).set({ customFields }).go();
    await expect
      .poll(async () => (await call("/api/auth/me", { session: owner })).json?.context?.customFields?.length)
      .toBe(customFields.length);
    const created = await call("/api/contacts", {
      method: "POST",
      body: {
        firstName: "Ida",
        lastName: "Access",
        phone: "3035550124",
        mobileDevices: [{ id: "axe-device", type: "android" }],
        balances: [{ id: "B-1", type: "Loan", amount: 120.5, age: 30 }],
      },
      session: owner,
    });
    expect(created.status).toBe(201);
    const id = created.json.id as string;
    const note = await call(`/api/contacts/${id}/notes`, {
      method: "POST",
      body: { title: "Called back", body: "<p>Will pay <strong>Friday</strong></p>" },
      session: owner,
    });
    expect(note.status).toBe(201);

    const page = await signedIn(owner.email, owner.password);
    await visit(page, `/contact/${id}`, async () => {
      await page.getByTestId("contact-name").waitFor();
      await page.getByLabel("Custom String").waitFor();
      await page.getByTestId("activity-table").getByText("Called back").waitFor();
    });
    await expectAccessible(page, { name: "contact detail" });

    await page.getByTestId("activity-table").getByText("Called back").click();
    await page.getByTestId("activity-table").locator("strong", { hasText: "Friday" }).waitFor();
    await expectAccessible(page, { name: "contact detail with a note open" });

    // The note form with its errors.
    await page.getByTestId("note-form").getByRole("button", { name: "Add" }).click();
    await page.getByText("Note title cannot be empty.").waitFor();
    await expectAccessible(page, { name: "note form with errors", include: ['[data-testid="note-form"]'] });

    await page.getByRole("combobox", { name: "Status" }).click();
    await page.getByRole("listbox").waitFor();
    await expectAccessible(page, { name: "Status select open" });
    await page.keyboard.press("Escape");

    await page.getByRole("button", { name: "Add Device" }).click();
    await page.getByRole("dialog", { name: "Add Device" }).waitFor();
    await expectAccessible(page, { name: "Add Device dialog", include: DIALOG });
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "detached" });

    await page.getByRole("button", { name: "Edit device axe-device" }).click();
    await page.getByRole("dialog", { name: "Edit Device" }).waitFor();
    await expectAccessible(page, { name: "Edit Device dialog", include: DIALOG });
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "detached" });

    await page.getByRole("button", { name: "Edit Balances" }).click();
    const balances = page.getByRole("dialog", { name: "Edit Balances" });
    await balances.waitFor();
    await expectAccessible(page, { name: "Edit Balances dialog", include: DIALOG });
    // A balance without an age: its message shows under the input, which is marked invalid.
    await balances.getByLabel("Id").fill("B-2");
    await balances.getByLabel("Type").fill("Card");
    await balances.getByLabel("Amount").fill("10");
    await balances.getByRole("button", { name: "Add Balance" }).click();
    await balances.locator('[aria-invalid="true"]').first().waitFor();
    await expectAccessible(page, { name: "Edit Balances dialog with an error", include: DIALOG });
    await balances.getByRole("button", { name: "Done" }).click();
    await balances.waitFor({ state: "detached" });

    // The date pickers' calendars: Expire Date and a DateTime custom field.
    for (const label of ["Expire Date", "Custom DateTime"]) {
      await page.getByRole("button", { name: new RegExp(`^${label}`) }).click();
      await page.getByRole("dialog").waitFor();
      await expectAccessible(page, { name: `${label} picker`, include: DIALOG });
      await page.keyboard.press("Escape");
      await page.getByRole("dialog").waitFor({ state: "detached" });
    }

    await visit(page, "/contact/no-such-contact", () =>
      page.getByText("Contact no-such-contact does not exist.").waitFor(),
    );
    await expectAccessible(page, { name: "contact that does not exist" });
  });

  it("the Telephony settings screen", async () => {
    const page = await signedIn(DEMO_USERS.acme);
    await visit(page, "/config", () => page.getByRole("button", { name: "Next" }).waitFor());
    await expectAccessible(page, { name: "Telephony /config" });
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByLabel("Business Unit").fill("12");
    await page.getByRole("button", { name: "Test Connection" }).click();
    await expect
      .poll(() => page.getByText("The Business Unit Number is at least 7 Characters Long").count())
      .toBeGreaterThan(0);
    await expectAccessible(page, { name: "Telephony /config with an error" });
  });

  it("the provider's admin area", async () => {
    const page = await signedIn(DEMO_USERS.provider);
    await page.waitForURL(/\/admin$/);
    await expectAccessible(page, { name: "/admin" });
    await visit(page, "/admin/ListTenants", () =>
      expect.poll(() => page.getByTestId("app-title").textContent()).toBe("Admin"),
    );
    await page.getByRole("heading", { name: "Tenants" }).waitFor();
    await page.locator('tr[data-tenant="acme"]').waitFor();
    await expectAccessible(page, { name: "/admin/ListTenants" });
    await visit(page, "/admin/CreateUser", () =>
      page.getByRole("heading", { name: "Create User" }).waitFor(),
    );
    await expectAccessible(page, { name: "/admin/CreateUser" });
  });

  it("the not-licensed, provider-only and no-access pages", async () => {
    const globex = await signedIn(DEMO_USERS.globex);
    await visit(globex, "/contacts", () =>
      globex.getByText("Your organization is not licensed for ReachCX").waitFor(),
    );
    await expectAccessible(globex, { name: "not-licensed page" });
    // The admin area, refused to a tenant's administrator inside the shell.
    await visit(globex, "/admin/ListTenants", () =>
      globex.getByText("Only provider administrators may do this.").waitFor(),
    );
    await expectAccessible(globex, { name: "provider-only page" });

    // A user of acme without the Inventory Management right (position 2).
    const email = `axe-${randomUUID()}@acme.example`;
    const password = "no-inventory-1";
    const identity = embeddedIdentity({ store: await testStore(), key: signingKey() });
    await identity.createUser({
      email,
      password,
      name: "Nora Inventory",
      tenant: acme.tenant,
      tenantRole: "User",
      securityRights: "1|0|1|1",
      company: "Acme Collections",
    });
    const page = await signedIn(email, password);
    await visit(page, "/contacts", () => page.getByText(/do not have access/).waitFor());
    await expectAccessible(page, { name: "no-access page" });
  });

  it("390 px wide, with the drawer open", async () => {
    const page = await signedIn(DEMO_USERS.acme, undefined, {
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    await visit(page, "/contacts", () => page.getByTestId("contacts-title").waitFor());
    await expectAccessible(page, { name: "contact list at 390 px" });
    // The burger shown at this width; Mantine marks its lines data-opened while the drawer is out.
    const burger = page.getByRole("button", { name: "Toggle navigation" });
    const opened = () => burger.locator("[data-opened]").count();
    if ((await opened()) === 0) await burger.click();
    await expect.poll(opened).toBe(1);
    await page.getByTestId("nav-drawer").waitFor();
    await expectAccessible(page, { name: "drawer open at 390 px" });
  });
});

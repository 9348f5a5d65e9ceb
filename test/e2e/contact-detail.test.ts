import type { Page } from "playwright-core";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { call, DEMO_USERS, newTenant, type Session, signIn } from "../support/api.ts";
import { signInThroughUi, useBrowser } from "../support/browser.ts";

const browser = useBrowser();
let acme: Session;
beforeAll(async () => {
  acme = await signIn(DEMO_USERS.acme);
});

async function newContact(session: Session, body: Record<string, unknown>) {
  const res = await call("/api/contacts", { method: "POST", body, session });
  expect(res.status).toBe(201);
  return res.json as { id: string };
}

const stored = async (id: string, session = acme) => (await call(`/api/contacts/${id}`, { session })).json;

async function openContact(page: Page, email: string, id: string, password?: string) {
  await signInThroughUi(page, email, password);
  await page.waitForURL((url) => !url.pathname.startsWith("/sign-in"));
  await page.goto(`${inject("baseUrl")}/contact/${id}`);
  await page.getByTestId("contact-name").waitFor();
}

const saveButton = (page: Page) => page.getByRole("button", { name: "Save", exact: true });

describe("contact detail", () => {
  it("opens from the list, saves only what changed, and Close goes back to /contacts", async () => {
    const last = `Detail${Date.now().toString(36)}`;
    const { id } = await newContact(acme, {
      firstName: "Rosa",
      lastName: last,
      phone: "303-555-0100",
      expireDt: "2027-01-31T17:00:00.000Z",
    });
    const page = await (await browser.newContext()).newPage();
    await signInThroughUi(page, DEMO_USERS.acme);
    await page.waitForURL(/\/dashboard$/);
    await page.goto(`${inject("baseUrl")}/contacts`);
    await page.getByLabel("Search contacts").fill(last);
    await page.getByTestId("contacts-table").getByText(last).click();
    await page.waitForURL(new RegExp(`/contact/${id}$`));
    await expect.poll(() => page.getByTestId("contact-name").textContent()).toBe(`Rosa ${last}`);

    // Save is enabled only when the form has changed.
    expect(await saveButton(page).isDisabled()).toBe(true);
    await page.getByRole("textbox", { name: "Email" }).fill("not-an-email");
    expect(await saveButton(page).isDisabled()).toBe(false);
    await saveButton(page).click();
    await expect.poll(() => page.getByText("Please enter a valid email address").count()).toBe(1);
    await page.getByRole("textbox", { name: "Email" }).fill("rosa@example.com");
    await page.getByRole("checkbox", { name: "Voice" }).check();
    await page.getByRole("button", { name: "Clear Expire Date" }).click();
    await saveButton(page).click();
    await expect.poll(() => page.getByText("Contact Updated").count()).toBe(1);
    await expect.poll(() => saveButton(page).isDisabled()).toBe(true);
    const after = await stored(id);
    expect(after).toMatchObject({
      email: "rosa@example.com",
      optout: { Voice: true, SMS: false, Email: false },
    });
    expect(after.expireDt).toBeUndefined();
    expect(after.updatedBy).toBe(DEMO_USERS.acme);

    // Undoing an edit disables Save again.
    await page.getByLabel("City").fill("Boulder");
    expect(await saveButton(page).isDisabled()).toBe(false);
    await page.getByLabel("City").fill("");
    expect(await saveButton(page).isDisabled()).toBe(true);

    await page.getByRole("button", { name: "Close", exact: true }).click();
    await page.waitForURL(/\/contacts$/);
  });

  it("adds a device only with id and type, and edits balances with the PromptPay licence", async () => {
    const { id } = await newContact(acme, { firstName: "Dev", lastName: "Ice", cell: "7205550100" });
    const page = await (await browser.newContext()).newPage();
    await openContact(page, DEMO_USERS.acme, id);

    await page.getByRole("button", { name: "Add Device" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Device" });
    const save = dialog.getByRole("button", { name: "Save" });
    await dialog.getByLabel("Device Id").fill("push-token-1");
    expect(await save.isDisabled()).toBe(true);
    await dialog.getByRole("combobox", { name: "Device Type" }).click();
    await dialog.getByRole("option", { name: "android" }).click();
    await save.click();
    await expect.poll(() => page.getByTestId("devices-table").getByText("push-token-1").count()).toBe(1);
    // Editing replaces the values.
    await page.getByRole("button", { name: "Edit device push-token-1" }).click();
    const edit = page.getByRole("dialog", { name: "Edit Device" });
    await edit.getByLabel("Device Id").fill("push-token-2");
    await edit.getByRole("button", { name: "Save" }).click();
    await saveButton(page).click();
    await expect.poll(() => page.getByText("Contact Updated").count()).toBe(1);
    expect((await stored(id)).mobileDevices).toEqual([{ id: "push-token-2", type: "android" }]);

    await page.getByRole("button", { name: "Edit Balances" }).click();
    const balances = page.getByRole("dialog", { name: "Edit Balances" });
    await balances.getByLabel("Id").fill("B-7");
    await balances.getByLabel("Type").fill("Loan");
    await balances.getByLabel("Amount").fill("99.5");
    await balances.getByRole("button", { name: "Add Balance" }).click();
    await expect.poll(() => balances.getByText("The age must be a number.").count()).toBe(1);
    await balances.getByLabel("Age").fill("12");
    await balances.getByRole("button", { name: "Add Balance" }).click();
    await balances.getByRole("button", { name: "Done" }).click();
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect
      .poll(async () => (await stored(id)).balances)
      .toEqual([{ id: "B-7", type: "Loan", amount: 99.5, age: 12 }]);
    expect(await page.getByTestId("balances-table").getByText("99.50").count()).toBe(1);
  });

  it("hides balances without the PromptPay licence", async () => {
    const other = await newTenant(["ListManager"]);
    const { id } = await newContact(other, { firstName: "No", lastName: "Balance", phone: "3035550199" });
    const page = await (await browser.newContext()).newPage();
    await openContact(page, other.email, id, other.password);
    await page.getByText("Contact Info").waitFor();
    expect(await page.getByText("Balances", { exact: true }).count()).toBe(0);
    expect(await page.getByRole("button", { name: "Edit Balances" }).count()).toBe(0);
  });

  it("adds notes with the rich-text form and follows the activity feed live", async () => {
    const { id } = await newContact(acme, { firstName: "Noel", lastName: "Notes", phone: "3035550177" });
    const page = await (await browser.newContext()).newPage();
    await openContact(page, DEMO_USERS.acme, id);

    const form = page.getByTestId("note-form");
    await form.getByRole("button", { name: "Add" }).click();
    await expect.poll(() => form.getByText("Note title cannot be empty.").count()).toBe(1);
    expect(await form.getByText("Note body cannot be empty.").count()).toBe(1);

    await form.getByLabel("Title").fill("Promise to pay");
    await form.locator(".ProseMirror").click();
    await page.keyboard.type("Will pay ");
    await page.keyboard.press("Control+b");
    await page.keyboard.type("Friday");
    await form.getByRole("button", { name: "Add" }).click();
    await expect.poll(() => page.getByText("Note Created").count()).toBe(1);
    const table = page.getByTestId("activity-table");
    await table.getByText("Promise to pay").click();
    await expect.poll(() => table.locator("strong", { hasText: "Friday" }).count()).toBe(1);
    const note = (await call(`/api/contacts/${id}/activity`, { session: acme })).json.items[0];
    expect(note).toMatchObject({ type: "Note", title: "Promise to pay", agent: DEMO_USERS.acme });
    expect(note.body).toContain("<strong>Friday</strong>");

    // A note written elsewhere (another agent, the dialer) appears without a reload.
    await call(`/api/contacts/${id}/notes`, {
      method: "POST",
      body: { title: "From another desk", body: "<p>hello</p>" },
      session: acme,
    });
    await expect.poll(() => table.getByText("From another desk").count(), { timeout: 5000 }).toBe(1);

    // Six entries: page size 5, the oldest on page 2.
    for (const n of [1, 2, 3, 4])
      await call(`/api/contacts/${id}/notes`, {
        method: "POST",
        body: { title: `Batch ${n}`, body: "<p>x</p>" },
        session: acme,
      });
    await expect.poll(() => table.getByText("Batch 4").count(), { timeout: 5000 }).toBe(1);
    expect(await table.locator("tbody tr").count()).toBe(5);
    await page.getByRole("button", { name: "Next" }).click();
    await expect.poll(() => table.getByText("Promise to pay").count()).toBe(1);

    // A body stored by another client is shown through the editor's schema, never as raw HTML.
    await call(`/api/contacts/${id}/notes`, {
      method: "POST",
      body: {
        title: "Hostile",
        body: '<p>Harmless words<img src="x" onerror="window.__xss=1"><script>window.__xss=2</script></p>',
      },
      session: acme,
    });
    await page.getByRole("button", { name: "Previous" }).click();
    await table.getByText("Hostile").click();
    await expect.poll(() => table.getByText("Harmless words").count(), { timeout: 5000 }).toBe(1);
    expect(await table.locator("img, script").count()).toBe(0);
    expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();

    // A change made elsewhere to the contact shows while the form is untouched.
    await call(`/api/contacts/${id}`, { method: "PATCH", body: { lastName: "Renamed" }, session: acme });
    await expect
      .poll(() => page.getByTestId("contact-name").textContent(), { timeout: 5000 })
      .toBe("Noel Renamed");
  });

  it("says so when the contact does not exist (or belongs to another tenant)", async () => {
    const page = await (await browser.newContext()).newPage();
    await signInThroughUi(page, DEMO_USERS.acme);
    await page.waitForURL(/\/dashboard$/);
    await page.goto(`${inject("baseUrl")}/contact/no-such-contact`);
    await expect.poll(() => page.getByText("Contact no-such-contact does not exist.").count()).toBe(1);
  });
});

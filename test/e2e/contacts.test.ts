import type { Page } from "playwright-core";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { call, newTenant, testStore } from "../support/api.ts";
import { signInThroughUi, useBrowser } from "../support/browser.ts";

const browser = useBrowser();

describe("contact list", () => {
  it("adds a contact, finds it with the search box, sorts and deletes it", async () => {
    const page = await (await browser.newContext()).newPage();
    await signInThroughUi(page, "admin@acme.example");
    await page.waitForURL(/\/dashboard$/);
    await page.goto(`${inject("baseUrl")}/contacts`);
    await expect
      .poll(() => page.getByTestId("contacts-title").textContent())
      .toMatch(/^Showing \d+ of \d+ contacts$/);

    const last = `Zed${Date.now().toString(36)}`;
    await page.getByTestId("add-contact").click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("First Name").fill("Quinn");
    await dialog.getByLabel("Last Name").fill(last);
    await dialog.getByRole("button", { name: "Save" }).click();
    // The server's rule shows on the field: phone or cell is required.
    await expect.poll(() => page.getByText("Please supply phone or cell number").count()).toBeGreaterThan(0);
    await dialog.getByLabel("Phone", { exact: true }).fill("303-555-0142");
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => page.getByText("Saved Contact").count()).toBe(1);

    await page.getByLabel("Search contacts").fill(`${last.toLowerCase().slice(0, 6)}* + quinn`);
    await expect
      .poll(() => page.getByTestId("contacts-title").textContent(), { timeout: 5000 })
      .toBe("Showing 1 of 1 contacts");
    expect(await page.getByTestId("contacts-table").getByText(last).count()).toBe(1);

    // A broken search says why instead of failing silently.
    await page.getByLabel("Search contacts").fill('"quinn');
    await expect
      .poll(() => page.getByText('Unbalanced quotes: a " has no closing ".').count(), { timeout: 5000 })
      .toBe(1);

    await page.getByLabel("Search contacts").fill(last);
    await expect
      .poll(() => page.getByTestId("contacts-title").textContent(), { timeout: 5000 })
      .toBe("Showing 1 of 1 contacts");
    await page.getByRole("button", { name: "Sort by Last Name" }).click();

    await page.getByRole("button", { name: `Delete Quinn ${last}` }).click();
    await expect.poll(() => page.getByText("Your contact will be permanently deleted.").count()).toBe(1);
    await page.getByRole("button", { name: "Yes" }).click();
    await expect.poll(() => page.getByText("Contact Deleted").count()).toBe(1);
    await expect
      .poll(() => page.getByTestId("contacts-title").textContent(), { timeout: 5000 })
      .toBe("Showing 0 of 0 contacts");
  });
});

describe("contact list view", () => {
  /** A tenant of its own: twelve contacts sharing a last name, and many custom fields (a wide table). */
  let tenant: Awaited<ReturnType<typeof newTenant>>;
  const last = `Url${Date.now().toString(36)}`;
  const CUSTOM = [
    // Names as the custom field rules make them: the display name, lower-cased.
    { name: "outstandingbalanceamount", displayName: "Outstanding Balance Amount", type: "Number" as const },
    { name: "alternatephonenumber", displayName: "Alternate Phone Number", type: "Phone" as const },
    ...["Account Reference", "Collection Agency Name", "Preferred Contact Window", "Portfolio Segment"].map(
      (displayName) => ({
        name: displayName.replaceAll(" ", "").toLowerCase(),
        displayName,
        type: "String" as const,
      }),
    ),
    { name: "lastpaymentreceived", displayName: "Last Payment Received", type: "DateTime" as const },
    { name: "veryimportantperson", displayName: "Very Important Person", type: "Boolean" as const },
  ];

  beforeAll(async () => {
    tenant = await newTenant(["ListManager"]);
    // Written to the store as an older tenant has them: no new field may be of type Phone any more.
    const store = await testStore();
    await store.entities.tenantSettings.patch({ tenant: tenant.tenant }).set({ customFields: CUSTOM }).go();
    const settings = await call("/api/tenant-settings", {
      method: "PATCH",
      body: { icBU: "4600999" },
      session: tenant,
    });
    expect(settings.status).toBe(200);
    for (let i = 1; i <= 12; i++) {
      const res = await call("/api/contacts", {
        method: "POST",
        body: {
          firstName: `Ann${String(i).padStart(2, "0")}`,
          lastName: last,
          phone: i % 2 ? "303-555-0142" : "13035550142",
          email: `ann${i}@example.com`,
          address1: "1200 Long Street Name Avenue",
          city: "Colorado Springs",
          customFields: {
            "custom:outstandingbalanceamount": 1234567.5,
            "custom:alternatephonenumber": "7205550100",
            "custom:accountreference": "REF-0000000001",
          },
        },
        session: tenant,
      });
      expect(res.status).toBe(201);
    }
  });

  async function signedIn(viewport = { width: 1280, height: 900 }): Promise<Page> {
    const context = await browser.newContext({ viewport, locale: "en-US" });
    const page = await context.newPage();
    await signInThroughUi(page, tenant.email, tenant.password);
    await page.waitForURL((url) => !url.pathname.startsWith("/sign-in"));
    return page;
  }

  const firstNames = (page: Page) =>
    page.getByTestId("contacts-table").locator("tbody tr td:first-child").allTextContents();
  const pageLabel = (page: Page) => page.getByTestId("pager-page").textContent();

  it("keeps search, sort and page in the URL: reload, back and a shared link show the same view", async () => {
    const page = await signedIn();
    await page.goto(`${inject("baseUrl")}/contacts`);
    await page.getByLabel("Search contacts").fill(last);
    // The search reaches the URL once typing pauses (500 ms).
    await page.waitForURL((url) => url.searchParams.get("q") === last);
    // The change feed indexes new contacts within seconds.
    await expect
      .poll(() => page.getByTestId("contacts-title").textContent(), { timeout: 10_000 })
      .toBe("Showing 10 of 12 contacts");
    await page.getByRole("button", { name: "Sort by First Name" }).click();
    await expect
      .poll(() => firstNames(page))
      .toEqual(Array.from({ length: 10 }, (_, i) => `Ann${String(i + 1).padStart(2, "0")}`));
    await page.getByRole("button", { name: "Next" }).click();
    await expect.poll(() => firstNames(page), { timeout: 5000 }).toEqual(["Ann11", "Ann12"]);
    expect(await pageLabel(page)).toBe("Page 2 of 2");
    const search = new URL(page.url()).searchParams;
    expect(search.get("q")).toBe(last);
    expect(search.get("sort")).toBe("firstName:asc");
    expect(search.get("cursors")).toBeTruthy();

    await page.reload();
    await expect.poll(() => firstNames(page), { timeout: 5000 }).toEqual(["Ann11", "Ann12"]);
    expect(await pageLabel(page)).toBe("Page 2 of 2");
    expect(await page.getByLabel("Search contacts").inputValue()).toBe(last);
    expect(
      await page.getByRole("columnheader", { name: "Sort by First Name" }).getAttribute("aria-sort"),
    ).toBe("ascending");

    // Previous goes back a page; so does the browser's back button, from the page after it.
    await page.getByRole("button", { name: "Previous" }).click();
    await expect.poll(() => firstNames(page)).toHaveLength(10);
    expect((await firstNames(page))[0]).toBe("Ann01");
    expect(await pageLabel(page)).toBe("Page 1 of 2");
    await page.getByRole("button", { name: "Next" }).click();
    await expect.poll(() => firstNames(page)).toEqual(["Ann11", "Ann12"]);
    const shared = page.url();
    await page.goBack();
    await expect.poll(() => firstNames(page)).toHaveLength(10);
    expect(await pageLabel(page)).toBe("Page 1 of 2");

    // A shared link opens the same page, through sign-in for a visitor who is not signed in yet.
    const other = await (await browser.newContext({ locale: "en-US" })).newPage();
    await other.goto(shared);
    await other.waitForURL(/\/sign-in\?redirect=/);
    await signInThroughUi(other, tenant.email, tenant.password);
    await expect.poll(() => firstNames(other), { timeout: 5000 }).toEqual(["Ann11", "Ann12"]);
    expect(await other.getByLabel("Search contacts").inputValue()).toBe(last);
  });

  it("at 1920 px keeps every column reachable: the table scrolls in its box, name and delete stay in view", async () => {
    const page = await signedIn({ width: 1920, height: 1080 });
    await page.goto(`${inject("baseUrl")}/contacts?q=${last}&sort=firstName:asc`);
    await expect.poll(() => firstNames(page)).toHaveLength(10);

    const scroller = page.getByTestId("contacts-scroller");
    const layout = await scroller.evaluate((box) => ({
      scrolls: box.scrollWidth > box.clientWidth,
      pageOverflows: document.documentElement.scrollWidth > window.innerWidth,
      headerHeights: [...box.querySelectorAll("th")].map((th) => th.getBoundingClientRect().height),
    }));
    expect(layout.scrolls).toBe(true);
    expect(layout.pageOverflows).toBe(false);
    // Header labels on one line: every header as tall as the shortest.
    expect(Math.max(...layout.headerHeights)).toBe(Math.min(...layout.headerHeights));

    const inView = async (name: string) => {
      const box = await page.getByRole("button", { name }).boundingBox();
      return Boolean(box && box.x >= 0 && box.x + box.width <= 1920 && box.y + box.height <= 1080);
    };
    expect(await inView(`Delete Ann01 ${last}`)).toBe(true);
    // Scrolled to its far end, the first name stays at the box's left edge and delete stays in view.
    await scroller.evaluate((box) => box.scrollTo({ left: box.scrollWidth }));
    const left = await scroller.evaluate((box) => box.getBoundingClientRect().left);
    const name = await page.getByRole("cell", { name: "Ann01", exact: true }).boundingBox();
    expect(Math.round(name?.x ?? -1)).toBe(Math.round(left));
    expect(await inView(`Delete Ann01 ${last}`)).toBe(true);
    expect(await page.getByRole("columnheader", { name: "Sort by Very Important Person" }).isVisible()).toBe(
      true,
    );

    // Numbers right-aligned in the reader's locale; phone numbers in one format whatever was stored.
    const row = page.getByRole("row").filter({ hasText: "Ann02" });
    const balance = row.getByRole("cell", { name: "1,234,567.5", exact: true });
    expect(await balance.evaluate((cell) => getComputedStyle(cell).textAlign)).toBe("right");
    expect(await row.getByRole("cell", { name: "(303) 555-0142", exact: true }).count()).toBe(1);
    expect(await row.getByRole("cell", { name: "(720) 555-0100", exact: true }).count()).toBe(1);
    expect(
      await page
        .getByRole("row")
        .filter({ hasText: "Ann01" })
        .getByRole("cell", { name: "(303) 555-0142" })
        .count(),
    ).toBe(1);
  });
});

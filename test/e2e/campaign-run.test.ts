import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_DEMO_PASSWORD } from "../../packages/local/src/seed.ts";
import { expectAccessible } from "../support/axe.ts";
import { useBrowser } from "../support/browser.ts";
import { signInAt, startServing } from "../support/processes.ts";

/**
 * The demo, end to end in a browser: acme's seeded 'Demo Collections' campaign is started from the
 * Campaigns screen, its list is built, the driver dials it through the CXone simulator (calls of a tenth
 * to a third of a second here) and the Campaign Status dialog shows the counts move. An instance of its
 * own (fresh demo seed, in memory): the shared one's demo campaign stays Pending for the seed's test.
 */

const browser = useBrowser();
let instance: Awaited<ReturnType<typeof startServing>>;
let headers: Record<string, string>;

/** Eastern contacts for the campaign's first segment ('Eastern time zone'), Texans for its second. */
const EASTERN = 8;
const TEXAS = 4;

const api = async (path: string, body?: unknown) => {
  const res = await fetch(`${instance.url}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { ...headers, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as any };
};

beforeAll(async () => {
  instance = await startServing(
    {
      IN_MEMORY: "1",
      CXONE_SIM_CALL_MS: "100-300",
      // 17:00 UTC is noon in New York and 11:00 in Texas: the test sees calls placed whatever hour it runs.
      DIALER_TEST_UTC_HOUR: "17",
      DEMO_PASSWORD: DEFAULT_DEMO_PASSWORD,
      ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}),
    },
    { timeoutMs: 60_000 },
  );
  headers = await signInAt(instance.url, DEFAULT_DEMO_PASSWORD);
  const contact = (i: number, eastern: boolean) => ({
    firstName: "Demo",
    lastName: `Run${i}`,
    phone: eastern
      ? `212555${String(300 + i).padStart(4, "0")}`
      : `512555${String(300 + i).padStart(4, "0")}`,
    state: eastern ? "NY" : "TX",
    timeZone: eastern ? "Eastern" : "Central",
  });
  for (let i = 0; i < EASTERN + TEXAS; i++) {
    const res = await api("/api/contacts", contact(i, i < EASTERN));
    expect(res.status, JSON.stringify(res.json)).toBe(201);
  }
  // The search index has them all before the build reads them.
  const all = { type: "group", combinator: "and", not: false, rules: [] };
  const deadline = Date.now() + 20_000;
  while ((await api("/api/contacts/query", { query: all, limit: 1 })).json.total !== EASTERN + TEXAS) {
    if (Date.now() > deadline) throw new Error("the contacts never reached the search index");
    await new Promise((r) => setTimeout(r, 200));
  }
}, 120_000);

afterAll(async () => {
  await instance?.stop();
});

describe("running the demo campaign", () => {
  it("starts the demo campaign and sees the counts move", async () => {
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${instance.url}/sign-in`);
    await page.getByLabel("Email", { exact: true }).fill("admin@acme.example");
    await page.getByLabel("Password", { exact: true }).fill(DEFAULT_DEMO_PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL((url) => !url.pathname.startsWith("/sign-in"));
    await page.goto(`${instance.url}/campaigns`);
    const table = page.getByTestId("campaigns-table");
    const row = table.locator("tbody tr", { hasText: "Demo Collections" });
    await expect.poll(() => row.locator("td").allTextContents()).toContain("Pending");

    await page.getByRole("button", { name: "Start Demo Collections" }).click();
    await expect.poll(() => row.locator("td").allTextContents(), { timeout: 20_000 }).toContain("Active");

    await page.getByRole("button", { name: "Campaign Status Demo Collections" }).click();
    const dialog = page.getByRole("dialog", { name: "Campaign Status: Demo Collections" });
    await dialog.waitFor();
    const totals = dialog.getByTestId("status-totals");
    // The build lists all twelve; the dialog follows the counters live.
    await expect
      .poll(() => totals.textContent(), { timeout: 30_000 })
      .toContain(`Total Campaign Contacts${EASTERN + TEXAS}`);
    const eastern = dialog.getByTestId("status-table").locator("tbody tr", { hasText: "Eastern time zone" });
    const cells = async () => (await eastern.locator("td").allTextContents()).slice(1, 5).map(Number);
    await expectAccessible(page, { name: "Campaign Status dialog", include: ['[role="dialog"]'] });

    // Fresh falls as the driver dials, and the simulator's results come back as retries, callbacks and
    // completed contacts.
    await expect.poll(async () => (await cells())[0], { timeout: 30_000 }).toBeLessThan(EASTERN);
    const completed = async () =>
      Number(/Completed Contacts([\d,]+)/.exec((await totals.textContent()) ?? "")?.[1]?.replace(/,/g, ""));
    await expect
      .poll(
        async () => {
          const [, , retry = 0, callBack = 0] = await cells();
          return retry + callBack + (await completed());
        },
        { timeout: 30_000 },
      )
      .toBeGreaterThan(0);
  });
});

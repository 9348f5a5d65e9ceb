import { type Browser, type BrowserContextOptions, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, inject } from "vitest";

/**
 * Debian's Chromium, headless, with the flags this closed network needs (VERSIONS.md). Playwright gives
 * every launch a fresh, empty profile directory of its own.
 */
export async function launchBrowser(): Promise<{ browser: Browser; close: () => Promise<void> }> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  return {
    browser,
    async close() {
      await browser.close();
    },
  };
}

export async function signInThroughUi(page: Page, email: string, password = inject("demoPassword")) {
  // Stay on a sign-in page the app redirected to, so its ?redirect= is kept.
  if (!new URL(page.url(), "http://x").pathname.startsWith("/sign-in"))
    await page.goto(`${inject("baseUrl")}/sign-in`);
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/**
 * One Chromium for a test file's tests: launched before them, closed after them. Call it at the top of
 * the file; what it returns opens contexts in that browser.
 */
export function useBrowser(): Pick<Browser, "newContext"> {
  let launched: Awaited<ReturnType<typeof launchBrowser>> | undefined;
  beforeAll(async () => {
    launched = await launchBrowser();
  });
  afterAll(async () => {
    await launched?.close();
  });
  return {
    newContext(options) {
      if (!launched) throw new Error("useBrowser: the browser is launched before the file's tests");
      return launched.browser.newContext(options);
    },
  };
}

/** A page in a new browser context, signed in through the form; resolves once the app has left /sign-in. */
export async function signedInPage(
  browser: Pick<Browser, "newContext">,
  email: string,
  password?: string,
  options?: BrowserContextOptions,
): Promise<Page> {
  const page = await (await browser.newContext(options)).newPage();
  await signInThroughUi(page, email, password);
  await page.waitForURL((url) => !url.pathname.startsWith("/sign-in"));
  return page;
}

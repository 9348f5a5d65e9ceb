import { type Browser, chromium, type Page } from "playwright-core";
import { inject } from "vitest";

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

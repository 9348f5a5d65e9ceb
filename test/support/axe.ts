import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { AxeResults, ImpactValue, Result, RunOptions } from "axe-core";
import type { Page } from "playwright-core";

/**
 * The rules a screen is held to: WCAG 2.0 and 2.1 at levels A and AA, and axe's best practices. Serious and
 * critical violations fail the test; minor and moderate ones are printed, so they are seen but do not block
 * (docs/decisions.md, "Accessibility checks").
 */
export const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];
const FAILING: ImpactValue[] = ["serious", "critical"];

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

export interface AxeScope {
  /** What the check is of, as the failure and the summary name it ("contact list", "Add Device dialog"). */
  name: string;
  /** CSS selectors to check; the whole page when absent (e.g. '[role="dialog"]' for an open dialog). */
  include?: string[];
  /** CSS selectors to leave out. */
  exclude?: string[];
}

/**
 * Runs axe-core in the page (or in part of it) and throws, listing rule, help and the elements to fix,
 * when a serious or critical violation is found.
 *
 * The script is evaluated through the DevTools protocol rather than added as a <script> tag, so the
 * console's Content-Security-Policy (script-src 'self') does not block it and tests need no bypass.
 */
export async function expectAccessible(page: Page, scope: AxeScope): Promise<AxeResults> {
  await settle(page);
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource);
  const context = {
    include: scope.include ?? "html",
    ...(scope.exclude ? { exclude: scope.exclude } : {}),
  };
  const options: RunOptions = { runOnly: { type: "tag", values: AXE_TAGS }, resultTypes: ["violations"] };
  const results = await page.evaluate(
    ([context, options]) =>
      (window as unknown as { axe: typeof import("axe-core") }).axe.run(
        context as import("axe-core").ElementContext,
        options,
      ),
    [context, options] as const,
  );

  const failing = results.violations.filter((v) => v.impact && FAILING.includes(v.impact));
  const other = results.violations.filter((v) => !failing.includes(v));
  if (other.length > 0)
    console.info(
      `axe, ${scope.name}: ${other.length} minor/moderate (not failing): ${other.map((v) => `${v.id} (${v.impact}, ${v.nodes.length})`).join(", ")}`,
    );
  if (failing.length > 0)
    throw new Error(
      `axe found ${failing.length} serious or critical violation(s) in ${scope.name} (${page.url()}):\n${failing.map(describe).join("\n")}`,
    );
  return results;
}

function describe(violation: Result): string {
  const nodes = violation.nodes.map((node) => {
    const summary = node.failureSummary?.split("\n").slice(1).join(" ").trim();
    return `    - ${node.target.join(" >> ")}\n      ${node.html.slice(0, 200)}${summary ? `\n      ${summary}` : ""}`;
  });
  return `  [${violation.impact}] ${violation.id}: ${violation.help} (${violation.helpUrl})\n${nodes.join("\n")}`;
}

/**
 * Waits until no CSS transition runs: a modal or menu fading in has partial opacity, which axe would read as
 * low colour contrast. Endless animations (loaders) are not transitions and do not hold this up.
 */
async function settle(page: Page) {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== "running"),
  );
}

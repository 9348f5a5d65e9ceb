import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/** Every .tsx file of the console's source. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith(".tsx") ? [join(dir, e.name)] : [],
  );
}

describe("busy indicators", () => {
  // Mantine's Loader is a bare <span>: an aria-label on it without a role is axe's serious
  // aria-prohibited-attr, which the browser suite's scans catch only when a list happens to be refetching.
  it("a Loader that carries a label carries role=status too", () => {
    const root = join(import.meta.dirname, "..");
    const offending = sources(root).flatMap((file) =>
      [...readFileSync(file, "utf8").matchAll(/<Loader\b[^>]*>/g)]
        .map((m) => m[0])
        .filter((tag) => tag.includes("aria-label") && !tag.includes('role="status"'))
        .map((tag) => `${file.slice(root.length + 1)}: ${tag}`),
    );
    expect(offending).toEqual([]);
  });
});

import { describe, expect, it } from "vitest";
import { consoleHeaders } from "../../packages/core/src/web/headers.ts";
import { call } from "../support/api.ts";

describe("the console's security headers", () => {
  const expected = consoleHeaders();

  it("are on the page at /, on deep links and on the console's files", async () => {
    for (const path of [
      "/",
      "/contacts",
      "/admin/onboarding/app/https%3A%2F%2Fpartner.example",
      "/favicon.svg",
    ]) {
      const res = await call(path);
      for (const [name, value] of Object.entries(expected)) {
        const got = res.headers.get(name) ?? "";
        if (name !== "Content-Security-Policy") expect(got, `${path} ${name}`).toBe(value);
        else {
          // The one origin the console may frame: the partner simulator's application page (onboarding).
          expect(got, path).toMatch(/frame-src http:\/\/127\.0\.0\.1:\d+;/);
          expect(got.replace(/frame-src [^;]+/, "frame-src 'none'"), path).toBe(value);
        }
      }
    }
    expect(expected["Content-Security-Policy"]).toContain("frame-ancestors 'none'");
  });

  it("leave the API's own headers alone", async () => {
    const res = await call("/api/health");
    expect(res.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    expect(res.headers.get("content-security-policy")).not.toBe(expected["Content-Security-Policy"]);
  });
});

import { describe, expect, it } from "vitest";
import { consoleHeaders, contentSecurityPolicy } from "./headers.ts";

const directives = (policy: string) =>
  Object.fromEntries(policy.split("; ").map((d) => [d.split(" ")[0], d.split(" ").slice(1).join(" ")]));

describe("console headers", () => {
  it("allow scripts only from the console's origin and forbid framing the console", () => {
    const csp = directives(contentSecurityPolicy());
    expect(csp).toMatchObject({
      "default-src": "'self'",
      "script-src": "'self'",
      "connect-src": "'self'",
      "frame-src": "'none'",
      "object-src": "'none'",
      "base-uri": "'self'",
      "form-action": "'self'",
      "frame-ancestors": "'none'",
    });
    expect(consoleHeaders()).toMatchObject({
      "X-Frame-Options": "DENY",
      "Referrer-Policy": "strict-origin-when-cross-origin",
      "X-Content-Type-Options": "nosniff",
    });
  });

  it("add the API and WebSocket origins to connect-src and frame only the partner's origin", () => {
    const csp = directives(
      contentSecurityPolicy({
        connect: ["https://api.example", "wss://ws.example"],
        frame: ["https://partner.example"],
      }),
    );
    expect(csp["connect-src"]).toBe("'self' https://api.example wss://ws.example");
    expect(csp["frame-src"]).toBe("https://partner.example");
    expect(csp["frame-ancestors"]).toBe("'none'");
  });
});

import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { clientAddress, ORIGIN_SECRET_HEADER, VIEWER_ADDRESS_HEADER } from "./client.ts";

const SECRET = "s".repeat(48);

/** What the address function answers for a Lambda request (API Gateway's context) with these headers. */
async function addressOn(
  headers: Record<string, string>,
  { secret }: { secret?: string } = { secret: SECRET },
) {
  const app = new Hono().get("/", (c) => c.text(clientAddress(c, secret) ?? "none"));
  const lambda = { requestContext: { http: { sourceIp: "203.0.113.9" } } };
  return (await app.request("/", { headers }, lambda)).text();
}

describe("clientAddress on Lambda", () => {
  it("believes CloudFront's viewer address only with CloudFront's origin secret", async () => {
    expect(await addressOn({ [VIEWER_ADDRESS_HEADER]: "198.51.100.7", [ORIGIN_SECRET_HEADER]: SECRET })).toBe(
      "198.51.100.7",
    );
  });

  it("takes API Gateway's sourceIp from a request that did not come through CloudFront", async () => {
    // Sent to the execute-api host directly: a header of its own choosing changes nothing.
    expect(await addressOn({ [VIEWER_ADDRESS_HEADER]: "198.51.100.7" })).toBe("203.0.113.9");
    expect(
      await addressOn({ [VIEWER_ADDRESS_HEADER]: "198.51.100.7", [ORIGIN_SECRET_HEADER]: "guess" }),
    ).toBe("203.0.113.9");
    // No secret configured (a deployment without CloudFront in front): never the header.
    expect(
      await addressOn({ [VIEWER_ADDRESS_HEADER]: "198.51.100.7", [ORIGIN_SECRET_HEADER]: SECRET }, {}),
    ).toBe("203.0.113.9");
  });

  it("answers nothing for a host it does not know", async () => {
    const app = new Hono().get("/", (c) => c.text(clientAddress(c, SECRET) ?? "none"));
    expect(await (await app.request("/", { headers: { [VIEWER_ADDRESS_HEADER]: "1.2.3.4" } })).text()).toBe(
      "none",
    );
  });
});

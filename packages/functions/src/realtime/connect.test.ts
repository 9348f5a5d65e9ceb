import { VisibleError } from "@reachcx/core/error/index";
import type { APIGatewayProxyStructuredResultV2 } from "aws-lambda";
import { beforeEach, describe, expect, it, vi } from "vitest";

/** The tenants and connections the fake table holds, and what the fake identity accepts. */
const tenants = new Map<string, { apiKey: string; status: string }>();
const stored: { tenant: string; connectionId: string }[] = [];

vi.mock("./env.ts", () => ({
  CONNECTION_TTL_SECONDS: 60,
  realtimeEnv: () => ({
    identity: () => ({
      async verify(token: string) {
        if (!token.startsWith("valid:"))
          throw new VisibleError("auth", "auth.invalid_token", "The sign-in token is not valid.");
        return { tenant: token.slice("valid:".length) };
      },
    }),
    store: {
      entities: {
        tenant: {
          get: ({ id }: { id: string }) => ({ go: async () => ({ data: tenants.get(id) ?? null }) }),
        },
        connection: {
          put: (item: { tenant: string; connectionId: string }) => ({
            go: async () => {
              stored.push(item);
            },
          }),
        },
      },
    },
  }),
}));

const { handler } = await import("./connect.ts");

const connect = async (query: Record<string, string>) =>
  (await handler({
    requestContext: { connectionId: "conn-1" },
    queryStringParameters: query,
  } as unknown as Parameters<typeof handler>[0])) as APIGatewayProxyStructuredResultV2;

beforeEach(() => {
  tenants.clear();
  stored.length = 0;
  tenants.set("acme", { apiKey: "acme-key", status: "Active" });
  tenants.set("globex", { apiKey: "globex-key", status: "Active" });
  tenants.set("gone", { apiKey: "gone-key", status: "Disabled" });
});

/** The AWS $connect handler answers the handshakes the embedded server answers, through the same admit(). */
describe("$connect", () => {
  it("admits a valid token with its tenant's api key and keeps the connection under the token's tenant", async () => {
    expect((await connect({ token: "valid:acme", apiKey: "acme-key" })).statusCode).toBe(200);
    expect(stored).toEqual([expect.objectContaining({ tenant: "acme", connectionId: "conn-1" })]);
  });

  it.each([
    [{ apiKey: "acme-key" }, 401, "auth.missing_token"],
    [{ token: "forged", apiKey: "acme-key" }, 401, "auth.invalid_token"],
    [{ token: "valid:acme" }, 401, "auth.missing_api_key"],
    [{ token: "valid:acme", apiKey: "globex-key" }, 403, "auth.api_key_mismatch"],
    [{ token: "valid:gone", apiKey: "gone-key" }, 403, "auth.tenant_disabled"],
  ])("refuses %o with %i %s and keeps nothing", async (query, status, code) => {
    const answer = await connect(query as Record<string, string>);
    expect(answer.statusCode).toBe(status);
    expect(answer.headers?.["content-type"]).toBe("application/problem+json");
    expect(JSON.parse(answer.body as string)).toMatchObject({ status, code });
    expect(stored).toEqual([]);
  });
});

import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { baseUrl, call, DEMO_USERS, newTenant, type Session, signIn } from "../support/api.ts";
import { hostileBody, hostileText, type JsonSchema, pct, requestArbitrary } from "../support/hostile.ts";

/**
 * Walks every operation of /api/openapi.json and sends it generated and hostile requests: near-valid bodies
 * from the operation's own schema with one part replaced by something hostile (huge, deep, wrong type,
 * prototype keys, unicode, NUL), hostile path ids and query values. Whatever arrives, the answer is a
 * deliberate one: never a 5xx, within a second, problem+json when refused, and the server keeps serving.
 * A new endpoint is covered the moment it is in the OpenAPI document.
 */

interface Operation {
  method: string;
  path: string;
  parameters?: { name: string; in: string; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

const doc = (await call("/api/openapi.json")).json as {
  paths: Record<string, Record<string, Omit<Operation, "method" | "path">>>;
  components?: { schemas?: Record<string, JsonSchema> };
};
const operations: Operation[] = Object.entries(doc.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, op]) => ({ ...op, method: method.toUpperCase(), path })),
);

/** Every run of every operation; a tenant's sign-in throttle must not turn the sign-in runs into noise. */
const RUNS = (op: Operation) => (op.path.startsWith("/api/auth/") ? 15 : 40);
const ANSWER_MS = 1000;
/**
 * The same requests every run, so a red suite is the code's doing and reproducible; FUZZ_SEED=<n> explores
 * others (each failure prints its seed).
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);

let tenant: Session;
let provider: Session;
/** Ids that exist, in the fuzzing tenant and in another one, so path ids are not only random. */
const knownIds: string[] = [];

beforeAll(async () => {
  // A tenant of its own, holding every licence, so generated writes cannot disturb other suites' data.
  tenant = await newTenant(["ListManager", "MaxCIF", "PromptPay"]);
  provider = await signIn(DEMO_USERS.provider);
  const acme = await signIn(DEMO_USERS.acme);
  for (const session of [tenant, acme]) {
    const created = await call("/api/contacts", {
      method: "POST",
      body: { firstName: "Fuzz", lastName: "Target", phone: "3035550199" },
      session,
    });
    if (created.status === 201) knownIds.push(created.json.id);
  }
});

/** Sends one request; a request that takes longer than ANSWER_MS is tried once more before it counts. */
async function send(op: Operation, request: { path: string; query: string; body?: string }) {
  const session = op.path.startsWith("/api/admin/") ? provider : tenant;
  const url = `${baseUrl()}${request.path}${request.query ? `?${request.query}` : ""}`;
  const headers: Record<string, string> = {
    authorization: `Bearer ${session.token}`,
    "x-api-key": session.apiKey,
  };
  if (request.body !== undefined) headers["content-type"] = "application/json";
  for (let attempt = 0; ; attempt++) {
    const started = performance.now();
    const res = await againOnReset(() => fetch(url, { method: op.method, headers, body: request.body }));
    const text = await res.text();
    const ms = performance.now() - started;
    if (ms <= ANSWER_MS || attempt === 1) return { status: res.status, headers: res.headers, text, ms };
  }
}

/**
 * Runs a request, and once more if it failed without an answer. A keep-alive socket the server closes
 * (Node's 5 s idle timeout) just as a late client timer reuses it fails one fetch with 'fetch failed'
 * (it did once in CI, under load): a browser retries that. A server that resets the request it was sent
 * resets the second one too, and the failure then counts, with its cause.
 */
async function againOnReset<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (err) {
    if (!(err instanceof TypeError && err.message === "fetch failed")) throw err;
    return request();
  }
}

describe("bad input over the whole API", () => {
  it("the OpenAPI document lists the operations this suite walks", () => {
    expect(operations.length).toBeGreaterThan(10);
    expect(operations.map((o) => `${o.method} ${o.path}`)).toEqual(
      expect.arrayContaining([
        "POST /api/contacts",
        "POST /api/contacts/query",
        "PATCH /api/tenant-settings",
      ]),
    );
  });

  it.each(operations.map((op) => [`${op.method} ${op.path}`, op] as const))(
    "%s answers hostile requests deliberately",
    { timeout: 120_000 },
    async (_name, op) => {
      const arbitrary = requestArbitrary(op, doc.components?.schemas ?? {}, knownIds);
      await check(
        fc.asyncProperty(arbitrary, async (request) => {
          const res = await send(op, request);
          const context = `${op.method} ${request.path}?${request.query.slice(0, 200)} body ${request.body?.slice(0, 300)}`;
          expect(res.status, `${context} -> ${res.text.slice(0, 300)}`).toBeLessThan(500);
          expect(res.ms, `${context} took ${Math.round(res.ms)} ms`).toBeLessThanOrEqual(ANSWER_MS);
          if (res.status >= 400) {
            expect(res.headers.get("content-type"), context).toContain("application/problem+json");
            const problem = JSON.parse(res.text);
            expect(problem.status).toBe(res.status);
            expect(Array.isArray(problem.errors)).toBe(true);
            expect(problem.errors.length).toBeLessThanOrEqual(20);
            expect(res.text.length, `${context}: a ${res.text.length}-byte refusal`).toBeLessThan(16_384);
          }
          expect((await againOnReset(() => call("/api/health"))).status).toBe(200);
        }),
        RUNS(op),
      );
    },
  );

  it("hostile bodies on the public routes (no token) are refused the same way", async () => {
    await check(
      fc.asyncProperty(hostileBody(), async (body) => {
        for (const path of ["/api/auth/sign-in", "/api/auth/sign-up", "/api/contacts"]) {
          const res = await call(path, {
            method: "POST",
            raw: JSON.stringify(body),
            headers: { "content-type": "application/json" },
          });
          expect(res.status, `${path}: ${res.text.slice(0, 300)}`).toBeGreaterThanOrEqual(400);
          expect(res.status).toBeLessThan(500);
          expect(res.headers.get("content-type")).toContain("application/problem+json");
        }
      }),
      25,
    );
  });

  it("hostile header values are refused without a fault", async () => {
    await check(
      fc.asyncProperty(hostileText(), async (text) => {
        const value = pct(text).slice(0, 8000);
        const res = await call("/api/contacts", {
          headers: { authorization: `Bearer ${value}`, "x-api-key": value },
        });
        expect(res.status).toBe(401);
      }),
      25,
    );
  });
});

/**
 * fc.assert, reporting a failure in a few hundred characters: a counterexample may be megabytes of JSON
 * or nested thousands deep (fast-check's own printer would overflow on it), and is not shrunk.
 */
async function check<T extends unknown[]>(property: fc.IAsyncProperty<T>, numRuns: number) {
  const run = await fc.check(property, { numRuns, seed: SEED, endOnFailure: true });
  if (!run.failed) return;
  const error = run.errorInstance as (Error & { cause?: { code?: string; message?: string } }) | undefined;
  // undici's 'fetch failed' says why only in its cause (ECONNRESET, UND_ERR_SOCKET, ...).
  const cause = error?.cause ? ` (cause: ${error.cause.code ?? ""} ${error.cause.message ?? ""})` : "";
  let example: string;
  try {
    example = String(JSON.stringify(run.counterexample?.[0])).slice(0, 600);
  } catch {
    example = "(too deep to print)";
  }
  throw new Error(`${error?.message?.slice(0, 1500)}${cause}\n(seed ${run.seed}) counterexample: ${example}`);
}

import { randomUUID } from "node:crypto";
import { SignJWT } from "jose";
import { describe, expect, inject, it } from "vitest";
import { call, DEMO_USERS, expectProblem, mintToken, newTenant, signIn, signingKey } from "../support/api.ts";

describe("POST /api/auth/sign-in", () => {
  it("answers a token and the user context of the demo tenant admin", async () => {
    const res = await call("/api/auth/sign-in", {
      method: "POST",
      body: { email: DEMO_USERS.acme, password: inject("demoPassword") },
    });
    expect(res.status).toBe(200);
    expect(res.json.token.split(".")).toHaveLength(3);
    expect(res.json.context).toMatchObject({
      tenant: "acme",
      tenantRole: "Admin",
      company: "Acme Collections",
      securityRights: "1|1|1|1",
      secRole: "1|1|1|1",
      rights: { dashboards: true, inventory: true, listManagement: true, configuration: true },
      licenses: ["ListManager", "MaxCIF", "PromptPay"],
      landing: "/dashboard",
    });
    // Other suites add custom fields to this tenant; the shape is what matters here.
    expect(Array.isArray(res.json.context.customFields)).toBe(true);
    expect(res.json.context.apiKey).toMatch(/^[A-Za-z0-9_-]{20,}$/);
  });

  it("sends a MaxCIF-only tenant to /e2 and provider staff to /admin", async () => {
    expect((await signIn(DEMO_USERS.globex)).context.landing).toBe("/e2");
    const provider = await signIn(DEMO_USERS.provider);
    expect(provider.context).toMatchObject({ tenantRole: "SuperAdmin", landing: "/admin" });
  });

  it("refuses a wrong password and an unknown email alike", async () => {
    const wrong = expectProblem(
      await call("/api/auth/sign-in", {
        method: "POST",
        body: { email: DEMO_USERS.acme, password: "nope-nope" },
      }),
      401,
    );
    const unknown = expectProblem(
      await call("/api/auth/sign-in", {
        method: "POST",
        body: { email: "nobody@acme.example", password: "nope-nope" },
      }),
      401,
    );
    expect(wrong.detail).toBe("Incorrect email or password.");
    expect(unknown.detail).toBe(wrong.detail);
  });

  it("lists each missing field", async () => {
    const problem = expectProblem(await call("/api/auth/sign-in", { method: "POST", body: {} }), 400);
    expect(problem.errors.map((e) => e.path).sort()).toEqual(["email", "password"]);
  });
});

describe("sign-in throttling", () => {
  const attempt = (email: string, password: string) =>
    call("/api/auth/sign-in", { method: "POST", body: { email, password } });

  it("locks an account after a burst of wrong passwords, the right one included, with Retry-After", async () => {
    const owner = await newTenant([]);
    const answers = await Promise.all(Array.from({ length: 40 }, () => attempt(owner.email, "wrong-pass-1")));
    const statuses = answers.map((r) => r.status);
    // The free failures answer 401; the rest are refused before any password work.
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(6);
    const throttled = answers.filter((r) => r.status === 429);
    expect(throttled.length).toBeGreaterThanOrEqual(34);
    const problem = expectProblem(throttled[0] as (typeof answers)[number], 429);
    expect(problem.code).toBe("auth.too_many_attempts");
    expect(
      Number((throttled[0] as (typeof answers)[number]).headers.get("retry-after")),
    ).toBeGreaterThanOrEqual(1);

    const right = await attempt(owner.email, owner.password);
    expect(right.status).toBe(429);
    expect(Number(right.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);

    // Other accounts sign in meanwhile, from the same address.
    expect((await signIn(DEMO_USERS.globex)).tenant).toBe("globex");

    // After the lockout the right password works and forgets the failures.
    await new Promise((r) => setTimeout(r, Number(right.headers.get("retry-after")) * 1000 + 100));
    expect((await attempt(owner.email, owner.password)).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await attempt(owner.email, "wrong-pass-1")).status).toBe(401);
  }, 30_000);

  it("locks an unknown email exactly like a known one", async () => {
    const email = `nobody-${Date.now()}@throttle.example`;
    const answers = await Promise.all(Array.from({ length: 10 }, () => attempt(email, "wrong-pass-1")));
    expect(answers.map((r) => r.status)).toContain(429);
    expect(answers.filter((r) => r.status === 401)).toHaveLength(6);
  });
});

describe("POST /api/auth/sign-up", () => {
  it("opens a new organization whose owner lands on /config until it is connected", async () => {
    const email = `owner-${Date.now()}@newco.example`;
    const res = await call("/api/auth/sign-up", {
      method: "POST",
      body: { name: "Nia Newco", email, password: "long-enough-1" },
    });
    expect(res.status).toBe(201);
    expect(res.json.context).toMatchObject({
      tenantRole: "Admin",
      securityRights: "1|1|1|1",
      licenses: [],
      icBU: null,
      landing: "/config",
    });
    expect(res.json.context.tenant).toMatch(/^owner-\d+-[0-9a-f]{6}$/);
    const again = await signIn(email, "long-enough-1");
    expect(again.tenant).toBe(res.json.context.tenant);
  });

  it("refuses a short password with the spec's message", async () => {
    const problem = expectProblem(
      await call("/api/auth/sign-up", {
        method: "POST",
        body: { name: "Short", email: "s@x.example", password: "short" },
      }),
      400,
    );
    expect(problem.errors).toContainEqual({
      path: "password",
      message: "Password must be at least 8 characters long.",
    });
  });

  it("refuses a taken email and leaves no empty organization behind", async () => {
    const provider = await signIn(DEMO_USERS.provider);
    // The organization the refused sign-up would have opened, by its own name: the suites running beside
    // this one open organizations of their own, so a count of all of them is no witness.
    const name = `Copycat ${randomUUID()}`;
    const named = async () => {
      let found = 0;
      let cursor: string | null = null;
      do {
        const page: any = await call(
          `/api/admin/tenant?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
          {
            session: provider,
          },
        );
        found += page.json.items.filter((t: { name: string }) => t.name === name).length;
        cursor = page.json.nextCursor;
      } while (cursor);
      return found;
    };
    const problem = expectProblem(
      await call("/api/auth/sign-up", {
        method: "POST",
        body: { name, email: DEMO_USERS.acme, password: "long-enough-1" },
      }),
      409,
    );
    expect(problem.detail).toBe("A user with this email already exists.");
    expect(await named()).toBe(0);
  });
});

describe("tokens", () => {
  it("GET /api/auth/me answers the context for a valid token and key", async () => {
    const session = await signIn(DEMO_USERS.acme);
    const res = await call("/api/auth/me", { session });
    expect(res.status).toBe(200);
    expect(res.json.context.tenant).toBe("acme");
  });

  it("refuses no token, a forged token, an expired token and a token missing claims", async () => {
    const session = await signIn(DEMO_USERS.acme);
    const claims = {
      "custom:tenant": "acme",
      "custom:tenantRole": "Admin",
      "custom:securityRights": "1|1|1|1",
      "custom:company": "Acme Collections",
      name: "Alex Acme",
      email: DEMO_USERS.acme,
    };
    const headers = (token: string) => ({ authorization: `Bearer ${token}`, "x-api-key": session.apiKey });

    expectProblem(await call("/api/tenant-settings", { headers: { "x-api-key": session.apiKey } }), 401);

    const forged = await mintToken(claims, { key: new Uint8Array(32).fill(7) });
    expect(expectProblem(await call("/api/tenant-settings", { headers: headers(forged) }), 401).code).toBe(
      "auth.invalid_token",
    );

    const expired = await mintToken(claims, { expiresIn: Math.floor(Date.now() / 1000) - 60 });
    expect(expectProblem(await call("/api/tenant-settings", { headers: headers(expired) }), 401).detail).toBe(
      "The sign-in token has expired.",
    );

    const { "custom:tenant": _omit, ...withoutTenant } = claims;
    const partial = await mintToken(withoutTenant);
    expect(
      expectProblem(await call("/api/tenant-settings", { headers: headers(partial) }), 401).detail,
    ).toContain("tenant");

    // Tokens must carry exp and iat, this issuer and audience, and a lifetime no longer than a session's.
    const key = signingKey();
    const now = Math.floor(Date.now() / 1000);
    /** A token with the right key and claims; `null` leaves iat or exp out. */
    const forge = (changes: { iss?: string; aud?: string; iat?: number | null; exp?: number | null }) => {
      const { iss = "reachcx-embedded", aud = "reachcx-console", iat = now, exp = now + 3600 } = changes;
      const jwt = new SignJWT(claims).setProtectedHeader({ alg: "HS256" }).setSubject("someone");
      jwt.setIssuer(iss).setAudience(aud);
      if (iat !== null) jwt.setIssuedAt(iat);
      if (exp !== null) jwt.setExpirationTime(exp);
      return jwt.sign(key);
    };
    const refused = async (token: string) =>
      expect(expectProblem(await call("/api/tenant-settings", { headers: headers(token) }), 401).code).toBe(
        "auth.invalid_token",
      );
    await refused(await forge({ exp: null }));
    await refused(await forge({ iss: "someone-else" }));
    await refused(await forge({ aud: "another-app" }));
    await refused(await forge({ exp: now + 30 * 24 * 3600 }));
    await refused(await forge({ iat: now + 3600, exp: now + 7200 }));
    await refused(await forge({ iat: null }));

    // The same minting with every claim is accepted, so the refusals above are about what was changed.
    const good = await mintToken(claims);
    expect((await call("/api/tenant-settings", { headers: headers(good) })).status).toBe(200);
  });
});

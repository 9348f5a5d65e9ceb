import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { adminTenant, adminUser, firstSignIn, provider } from "../support/admin.ts";
import { call, DEMO_USERS, expectProblem, type Session, signIn } from "../support/api.ts";

/** POST /api/admin/user (spec 003 §2.9, §5 Create User, §7.2) and the forced new password at first sign-in. */

const create = (session: Session, body: unknown) =>
  call("/api/admin/user", { method: "POST", body, session });
const signInCall = (email: string, password: string) =>
  call("/api/auth/sign-in", { method: "POST", body: { email, password } });
const newPassword = (body: unknown) => call("/api/auth/new-password", { method: "POST", body });

const valid = (tenant: string) => ({
  email: `cu-${randomUUID().slice(0, 12)}@users.example`,
  name: "Una User",
  password: "temporary-1",
  tenant,
  tenantRole: "Admin",
  securityRights: "1|0|1|0",
  company: "Users Inc",
});

describe("admin: create user", () => {
  it("creates the user with the rights of the four switches; the first sign-in asks for a new password", async () => {
    const admin = await provider();
    const tenant = await adminTenant(admin, ["ListManager"]);
    const body = valid(tenant.id);
    const res = await create(admin, { ...body, email: body.email.toUpperCase() });
    expect(res.status).toBe(201);
    expect(res.json).toEqual({
      id: expect.any(String),
      email: body.email,
      name: "Una User",
      tenant: tenant.id,
      tenantRole: "Admin",
      securityRights: "1|0|1|0",
      company: "Users Inc",
    });
    expect(res.json).not.toHaveProperty("password");

    const first = await signInCall(body.email, body.password);
    expect(first.status).toBe(200);
    expect(first.json).toEqual({ challenge: "NEW_PASSWORD_REQUIRED", session: expect.any(String) });

    // The new password obeys the password rule; a refused one leaves the session usable.
    const short = expectProblem(
      await newPassword({ email: body.email, session: first.json.session, newPassword: "short" }),
      400,
    );
    expect(short.errors).toContainEqual({
      path: "newPassword",
      message: "Password must be at least 8 characters long.",
    });
    expect(
      expectProblem(
        await newPassword({ email: body.email, session: "not-a-session", newPassword: "own-password-1" }),
        401,
      ).code,
    ).toBe("auth.challenge_expired");

    const done = await newPassword({
      email: body.email,
      session: first.json.session,
      newPassword: "own-password-1",
    });
    expect(done.status).toBe(200);
    expect(done.json.context).toMatchObject({
      tenant: tenant.id,
      email: body.email,
      tenantRole: "Admin",
      securityRights: "1|0|1|0",
      rights: { dashboards: true, inventory: false, listManagement: true, configuration: false },
      company: "Users Inc",
      apiKey: tenant.apiKey,
    });
    const session = {
      token: done.json.token,
      apiKey: tenant.apiKey,
      tenant: tenant.id,
      context: done.json.context,
    };
    expect((await call("/api/segments", { session })).status).toBe(200);
    // Its rights are the switches': no Inventory Management.
    expect(expectProblem(await call("/api/contacts", { session }), 403).code).toBe("auth.missing_right");

    // The session is spent; the temporary password no longer works; the user's own does, straight to a token.
    expect(
      expectProblem(
        await newPassword({ email: body.email, session: first.json.session, newPassword: "another-pass-1" }),
        401,
      ).code,
    ).toBe("auth.challenge_expired");
    expectProblem(await signInCall(body.email, body.password), 401);
    const own = await signInCall(body.email, "own-password-1");
    expect(own.json.token).toEqual(expect.any(String));
    expect(own.json).not.toHaveProperty("challenge");
  });

  it.each([
    ["tenant", { tenant: undefined }, "Please enter in Tenant."],
    ["tenant", { tenant: "  " }, "Please enter in Tenant."],
    ["name", { name: undefined }, "Please enter in name of user."],
    ["name", { name: "" }, "Please enter in name of user."],
    ["email", { email: undefined }, "Please enter an email."],
    ["email", { email: "" }, "Please enter an email."],
    ["email", { email: "not-an-email" }, "Please enter an email."],
    ["password", { password: undefined }, "Please enter in a temporary password for the user."],
    ["password", { password: "" }, "Please enter in a temporary password for the user."],
    ["password", { password: "seven77" }, "Password must be at least 8 characters long."],
    ["tenantRole", { tenantRole: undefined }, "Please enter in tenant role."],
    ["tenantRole", { tenantRole: " " }, "Please enter in tenant role."],
    ["company", { company: undefined }, "Please enter in company name."],
    ["company", { company: "" }, "Please enter in company name."],
    ["securityRights", { securityRights: "1|1|1" }, "Security rights must be four 0/1 flags joined by |."],
    ["securityRights", { securityRights: "1,1,1,1" }, "Security rights must be four 0/1 flags joined by |."],
    ["securityRights", { securityRights: "2|1|1|1" }, "Security rights must be four 0/1 flags joined by |."],
  ])("refuses a bad %s (%j) with the spec's message, creating nothing", async (path, change, message) => {
    const admin = await provider();
    const body: Record<string, unknown> = { ...valid("acme"), ...change };
    for (const [key, value] of Object.entries(change)) if (value === undefined) delete body[key];
    const problem = expectProblem(await create(admin, body), 400);
    expect(problem.errors).toContainEqual({ path, message });
    if (typeof body.email === "string" && body.email.includes("@"))
      expectProblem(await signInCall(body.email, String(body.password || "temporary-1")), 401);
  });

  it("refuses an unknown tenant with 404 and a taken email with 409, creating nothing", async () => {
    const admin = await provider();
    const missing = expectProblem(await create(admin, valid("no-such-tenant-y")), 404);
    expect(missing.errors).toContainEqual({
      path: "tenant",
      message: "Tenant no-such-tenant-y does not exist.",
    });

    const tenant = await adminTenant(admin, ["MaxCIF"]);
    const made = await adminUser(admin, tenant.id);
    const taken = expectProblem(await create(admin, { ...valid("acme"), email: made.email }), 409);
    expect(taken.errors).toContainEqual({ path: "email", message: "A user with this email already exists." });
    // The demo user's email is taken too, and the demo user is untouched.
    expectProblem(
      await create(admin, { ...valid(tenant.id), email: DEMO_USERS.acme, password: "hijack-pass-1" }),
      409,
    );
    expect((await signIn(DEMO_USERS.acme)).tenant).toBe("acme");
    // The first user still signs in where they were made.
    expect((await firstSignIn(made)).tenant).toBe(tenant.id);
  });

  it("gives SuperAdmin only in the provider's tenant", async () => {
    const admin = await provider();
    const tenant = await adminTenant(admin, ["MaxCIF"]);
    const refused = expectProblem(
      await create(admin, { ...valid(tenant.id), tenantRole: "SuperAdmin" }),
      400,
    );
    expect(refused.errors[0]?.path).toBe("tenantRole");
    const staff = await adminUser(admin, "provider", { tenantRole: "SuperAdmin" });
    const signed = await firstSignIn(staff);
    expect(signed.context.landing).toBe("/admin");
    expect((await call("/api/admin/tenant", { session: signed })).status).toBe(200);
  });

  it("is the provider's: a tenant admin gets 403 creating a user, even in their own tenant", async () => {
    const acme = await signIn(DEMO_USERS.acme);
    const body = valid("acme");
    expect(expectProblem(await create(acme, body), 403).code).toBe("auth.super_admin_only");
    expectProblem(await signInCall(body.email, body.password), 401);
  });
});

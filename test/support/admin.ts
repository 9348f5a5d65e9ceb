import { randomUUID } from "node:crypto";
import { call, DEMO_USERS, type Session, signIn } from "./api.ts";

/** Helpers of the admin suites: tenants and users made through the provider's own API, as staff would. */

export const provider = () => signIn(DEMO_USERS.provider);

export const uniqueTenantId = (prefix = "t") => `${prefix}-${randomUUID().slice(0, 8)}`;

/** A new tenant made by POST /api/admin/tenant; throws unless it answered 201. */
export async function adminTenant(admin: Session, licenses: string[], tenantId = uniqueTenantId()) {
  const res = await call("/api/admin/tenant", {
    method: "POST",
    body: { tenantId, licenses },
    session: admin,
  });
  if (res.status !== 201) throw new Error(`create tenant answered ${res.status}: ${res.text}`);
  return res.json as { id: string; name: string; apiKey: string; licenses: string[]; status: string };
}

/** A user of `tenant` made by POST /api/admin/user with a temporary password; throws unless 201. */
export async function adminUser(
  admin: Session,
  tenant: string,
  overrides: Partial<Record<"tenantRole" | "securityRights" | "name" | "company", string>> = {},
) {
  const email = `u-${randomUUID().slice(0, 12)}@admin.example`;
  const password = "temporary-pass-1";
  const res = await call("/api/admin/user", {
    method: "POST",
    body: {
      email,
      name: "Ada Admin-Made",
      password,
      tenant,
      tenantRole: "Admin",
      securityRights: "1|1|1|1",
      company: "Made By Admin",
      ...overrides,
    },
    session: admin,
  });
  if (res.status !== 201) throw new Error(`create user answered ${res.status}: ${res.text}`);
  return { email, password, created: res.json };
}

/** Signs in with the temporary password, completes NEW_PASSWORD_REQUIRED, and answers the session. */
export async function firstSignIn(user: { email: string; password: string }, newPassword = "own-password-1") {
  const challenge = await call("/api/auth/sign-in", {
    method: "POST",
    body: { email: user.email, password: user.password },
  });
  if (challenge.status !== 200 || challenge.json?.challenge !== "NEW_PASSWORD_REQUIRED")
    throw new Error(`sign-in answered ${challenge.status}: ${challenge.text}`);
  const done = await call("/api/auth/new-password", {
    method: "POST",
    body: { email: user.email, session: challenge.json.session, newPassword },
  });
  if (done.status !== 200) throw new Error(`new-password answered ${done.status}: ${done.text}`);
  const session: Session = {
    token: done.json.token,
    apiKey: done.json.context.apiKey,
    tenant: done.json.context.tenant,
    context: done.json.context,
  };
  return { ...session, email: user.email, password: newPassword };
}

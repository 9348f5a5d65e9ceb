import { randomBytes } from "node:crypto";
import { useEnv } from "../env.ts";
import { VisibleError } from "../error/index.ts";
import { isChallenge, type SignInClient, type SignInResult, tokenOf } from "../identity/index.ts";
import { SUPER_ADMIN } from "../rights/index.ts";
import { PROVIDER_TENANT } from "../tenant/admin-schema.ts";
import { createTenant, deleteTenant, getTenant } from "../tenant/index.ts";
import type { CreateUser, NewPassword, SignUp } from "./schema.ts";

export * from "./schema.ts";

/** Rights of whoever owns a tenant: every section and the configuration area. */
export const OWNER_RIGHTS = "1|1|1|1";

/**
 * Self-service sign-up opens a new organization (tenant) owned by the new user (docs/decisions.md).
 * It holds no licence until provider staff grant one, so the user lands on /config first.
 */
export async function signUp(input: SignUp) {
  const { identity } = useEnv();
  const tenant = tenantIdFor(input.email);
  await createTenant({ id: tenant, name: input.name, licenses: [] });
  try {
    await identity.createUser({
      email: input.email,
      password: input.password,
      name: input.name,
      tenant,
      tenantRole: "Admin",
      securityRights: OWNER_RIGHTS,
      company: input.name,
    });
  } catch (err) {
    // Nothing half-written: a sign-up whose user fails (email taken) leaves no empty tenant behind.
    await deleteTenant(tenant);
    throw err;
  }
  return tokenOf(await identity.signIn(input.email, input.password));
}

export const tenantDisabled = () =>
  new VisibleError(
    "forbidden",
    "auth.tenant_disabled",
    "Your organization's access has been disabled. Contact your provider to have it enabled again.",
  );

/** A signed-in tenant must exist and be active: read from the store, not the cache, at every sign-in. */
async function requireActive(tenant: string) {
  if ((await getTenant(tenant))?.status !== "Active") throw tenantDisabled();
}

/**
 * Sign-in through the Identity port, refused for a disabled tenant once the password is right (so the
 * answer says nothing of a tenant to someone without it). A user with a temporary password gets the
 * NEW_PASSWORD_REQUIRED challenge instead of a token (also refused for a disabled tenant).
 */
export async function signIn(email: string, password: string, client?: SignInClient): Promise<SignInResult> {
  const result = await useEnv().identity.signIn(email, password, client);
  const tenant = isChallenge(result) ? result.tenant : result.claims.tenant;
  // A challenge that does not name the tenant is checked when it is completed.
  if (tenant) await requireActive(tenant);
  return result;
}

/** Completes the challenge with the user's own password, then signs in (refused for a disabled tenant). */
export async function completeNewPassword(input: NewPassword) {
  const result = await useEnv().identity.completeNewPassword(input);
  await requireActive(result.claims.tenant);
  return result;
}

/**
 * Create User (spec 003 §2.9, §5): a user of an existing tenant through the Identity port, with the
 * password the provider typed as a temporary one; the user sets their own at first sign-in. SuperAdmin is
 * the provider's staff role and is given only in the provider's tenant (docs/decisions.md).
 */
export async function createUser(input: CreateUser) {
  if (!(await getTenant(input.tenant)))
    throw new VisibleError("not_found", "tenant.not_found", `Tenant ${input.tenant} does not exist.`, [
      { path: "tenant", message: `Tenant ${input.tenant} does not exist.` },
    ]);
  if (input.tenantRole === SUPER_ADMIN && input.tenant !== PROVIDER_TENANT)
    throw new VisibleError(
      "input",
      "user.super_admin_outside_provider",
      `The ${SUPER_ADMIN} role is for the provider's staff, in the ${PROVIDER_TENANT} tenant only.`,
      [{ path: "tenantRole", message: `The ${SUPER_ADMIN} role is for the ${PROVIDER_TENANT} tenant only.` }],
    );
  const { userId } = await useEnv().identity.createUser(input, { temporary: true });
  return {
    id: userId,
    email: input.email.toLowerCase(),
    name: input.name,
    tenant: input.tenant,
    tenantRole: input.tenantRole,
    securityRights: input.securityRights,
    company: input.company,
  };
}

/** A tenant id that satisfies the Tenant ID rule: lowercase letters, digits and dashes. */
export function tenantIdFor(email: string): string {
  const local = email.split("@")[0] ?? "org";
  const base =
    local
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 40) || "org";
  return `${base}-${randomBytes(3).toString("hex")}`;
}

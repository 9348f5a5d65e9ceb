import { randomBytes } from "node:crypto";
import { useEnv } from "../env.ts";
import { createTenant, deleteTenant } from "../tenant/index.ts";
import type { CreateUser, SignUp } from "./schema.ts";

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
  return identity.signIn(input.email, input.password);
}

export async function createUser(input: CreateUser) {
  return useEnv().identity.createUser(input);
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

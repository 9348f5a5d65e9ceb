import { AsyncLocalStorage } from "node:async_hooks";
import { VisibleError } from "../error/index.ts";
import { SUPER_ADMIN } from "../rights/index.ts";

export { SUPER_ADMIN };

/** A signed-in person, with the claims of their verified token. */
export interface UserActor {
  type: "user";
  tenant: string;
  userId: string;
  email: string;
  name: string;
  company: string;
  tenantRole: string;
  securityRights: string;
}

/** Stream, schedule and workflow handlers act for one tenant without a person behind them. */
export interface SystemActor {
  type: "system";
  tenant: string;
}

export interface PublicActor {
  type: "public";
}

export type Actor = UserActor | SystemActor | PublicActor;

const storage = new AsyncLocalStorage<Actor>();

export function withActor<T>(actor: Actor, fn: () => T): T {
  return storage.run(actor, fn);
}

export function useActor(): Actor {
  return storage.getStore() ?? { type: "public" };
}

/** The tenant every read and write is scoped to. Throws when the code runs outside a tenant. */
export function useTenant(): string {
  const actor = useActor();
  if (actor.type === "public") throw new VisibleError("auth", "auth.no_tenant", "Sign in first.");
  return actor.tenant;
}

export function useUser(): UserActor {
  const actor = useActor();
  if (actor.type !== "user") throw new VisibleError("auth", "auth.no_user", "Sign in first.");
  return actor;
}

export function assertSuperAdmin(): UserActor {
  const user = useUser();
  if (user.tenantRole !== SUPER_ADMIN)
    throw new VisibleError("forbidden", "auth.super_admin_only", "Only provider administrators may do this.");
  return user;
}

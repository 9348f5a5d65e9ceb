import type { UserContext } from "@reachcx/core/context/index";
import { type Access, type Caller, checkAccess, NEEDS, type NeedName } from "@reachcx/core/rights/access";
import type { Auth } from "../../lib/session.ts";

/** The signed-in user as core's access table sees a caller; undefined when signed out. */
export const callerOf = (
  context: Pick<UserContext, "tenantRole" | "securityRights" | "licenses"> | undefined,
): Caller | undefined =>
  context
    ? { tenantRole: context.tenantRole, securityRights: context.securityRights, licenses: context.licenses }
    : undefined;

/** Whether the session may open a screen of this need: core's rule, the one the API applies. */
export const accessOf = (context: Parameters<typeof callerOf>[0], need: NeedName): Access =>
  checkAccess(callerOf(context), NEEDS[need]);

/** For loaders: fetch only what the gate will show (a refused screen asks the API for nothing). */
export const mayOpen = (auth: Auth, need: NeedName): boolean => accessOf(auth.get()?.context, need).ok;

import * as v from "valibot";
import { LICENSES, RIGHTS, RIGHTS_PATTERN } from "../rights/index.ts";
import { CustomFieldDef } from "../tenant/api.ts";

/** What the auth API answers (sign-in, sign-up, me), described in the OpenAPI document. */

/** The user context the console works from (core/context): who, their rights, the tenant's licences. */
export const UserContext = v.strictObject({
  tenant: v.string(),
  tenantRole: v.string(),
  company: v.string(),
  name: v.string(),
  email: v.string(),
  secRole: v.pipe(v.string(), v.regex(RIGHTS_PATTERN), v.description("The same as securityRights.")),
  securityRights: v.pipe(
    v.string(),
    v.regex(RIGHTS_PATTERN),
    v.description("Dashboards|Inventory Management|List Management|Configuration, each 0 or 1."),
  ),
  rights: v.strictObject(
    Object.fromEntries(RIGHTS.map((right) => [right, v.boolean()])) as Record<
      (typeof RIGHTS)[number],
      v.BooleanSchema<undefined>
    >,
  ),
  licenses: v.array(v.picklist(LICENSES)),
  customFields: v.array(CustomFieldDef),
  queryFields: v.unknown(),
  apiKey: v.string(),
  icBU: v.nullable(v.string()),
  landing: v.pipe(v.string(), v.description("Where the console opens for this user.")),
});
export type UserContextView = v.InferOutput<typeof UserContext>;

/** Sign-in and sign-up: the bearer token and the context. */
export const SignedIn = v.strictObject({ token: v.string(), context: UserContext });

export const Me = v.strictObject({ context: UserContext });

/**
 * What POST /api/auth/sign-in answers: signed in (token and context), or, for a user whose password is
 * temporary, the NEW_PASSWORD_REQUIRED challenge with the session for POST /api/auth/new-password and no
 * token. One object with either pair, so the document describes a single shape.
 */
export const SignInAnswer = v.strictObject({
  token: v.optional(v.pipe(v.string(), v.description("The bearer token; absent with a challenge."))),
  context: v.optional(UserContext),
  challenge: v.optional(
    v.pipe(v.literal("NEW_PASSWORD_REQUIRED"), v.description("The user must set a new password first.")),
  ),
  session: v.optional(
    v.pipe(v.string(), v.description("Pass to POST /api/auth/new-password within 3 minutes.")),
  ),
});

import * as v from "valibot";
import { requiredText } from "../bounds.ts";
import { RIGHTS_PATTERN } from "../rights/index.ts";

const password = v.pipe(
  v.string("Please enter in a temporary password for the user."),
  v.minLength(1, "Please enter in a temporary password for the user."),
  v.minLength(8, "Password must be at least 8 characters long."),
  v.maxLength(256, "Password must be 256 characters or less."),
);

const email = v.pipe(
  v.string("Please enter an email."),
  v.trim(),
  v.minLength(1, "Please enter an email."),
  v.maxLength(254, "Please enter an email."),
  v.email("Please enter an email."),
);

export const SignIn = v.strictObject({
  email: v.pipe(
    v.string("Please enter an email."),
    v.minLength(1, "Please enter an email."),
    v.maxLength(254, "Please enter an email."),
  ),
  password: v.pipe(
    v.string("Please enter a password."),
    v.minLength(1, "Please enter a password."),
    v.maxLength(256, "Password must be 256 characters or less."),
  ),
});

export const SignUp = v.strictObject({
  name: requiredText("Please enter your name.", 100),
  email,
  password,
});
export type SignUp = v.InferOutput<typeof SignUp>;

/**
 * Create User (spec 003 §5), the provider's form. A missing field takes an empty default, so it is refused
 * with the spec's sentence rather than valibot's "missing key".
 */
export const CreateUser = v.strictObject({
  tenant: v.optional(
    requiredText("Please enter in Tenant.", 63, "Tenant ID must be 63 characters or less"),
    "",
  ),
  name: v.optional(requiredText("Please enter in name of user.", 100), ""),
  email: v.optional(email, ""),
  password: v.optional(password, ""),
  tenantRole: v.optional(requiredText("Please enter in tenant role.", 50), ""),
  securityRights: v.optional(
    v.pipe(
      v.string("Security rights must be four 0/1 flags joined by |."),
      v.maxLength(7, "Security rights must be four 0/1 flags joined by |."),
      v.regex(RIGHTS_PATTERN, "Security rights must be four 0/1 flags joined by |."),
    ),
    "",
  ),
  company: v.optional(requiredText("Please enter in company name.", 100), ""),
});
export type CreateUser = v.InferOutput<typeof CreateUser>;

export const USER_CREATED = "User has been created.";
/** The console's failure toast: 'User creation failed. {message}' (spec 003 §8 Admin). */
export const userCreationFailed = (message: string) => `User creation failed. ${message}`;

/** The user as Create User answers it (no password). */
export const CreatedUser = v.strictObject({
  id: v.string(),
  email: v.string(),
  name: v.string(),
  tenant: v.string(),
  tenantRole: v.string(),
  securityRights: v.string(),
  company: v.string(),
});

/** The new-password page (after a NEW_PASSWORD_REQUIRED sign-in): the user's own password, twice in the form. */
export const NewPassword = v.strictObject({
  email: v.pipe(
    v.string("Please enter an email."),
    v.minLength(1, "Please enter an email."),
    v.maxLength(254),
  ),
  session: v.pipe(
    v.string("Sign in again with your temporary password."),
    v.minLength(1, "Sign in again with your temporary password."),
    v.maxLength(4096, "Sign in again with your temporary password."),
  ),
  newPassword: v.pipe(
    v.string("Please enter a new password."),
    v.minLength(1, "Please enter a new password."),
    v.minLength(8, "Password must be at least 8 characters long."),
    v.maxLength(256, "Password must be 256 characters or less."),
  ),
});
export type NewPassword = v.InferOutput<typeof NewPassword>;

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

/** Create User (spec 003 §5), the provider's form. */
export const CreateUser = v.strictObject({
  tenant: requiredText("Please enter in Tenant.", 63, "Tenant ID must be 63 characters or less"),
  name: requiredText("Please enter in name of user.", 100),
  email,
  password,
  tenantRole: requiredText("Please enter in tenant role.", 50),
  securityRights: v.pipe(
    v.string(),
    v.maxLength(7, "Security rights must be four 0/1 flags joined by |."),
    v.regex(RIGHTS_PATTERN, "Security rights must be four 0/1 flags joined by |."),
  ),
  company: requiredText("Please enter in company name.", 100),
});
export type CreateUser = v.InferOutput<typeof CreateUser>;

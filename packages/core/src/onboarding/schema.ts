import * as v from "valibot";

/**
 * The vendor form's rules (spec 003 §5 "Vendor", "Gateway credentials"), browser-safe: the console's
 * stepper and the API check the same schemas.
 */

export const VENDOR_STATUSES = ["SignUp", "ApplicationUpdated", "OnBoardComplete", "Approved"] as const;
export type VendorStatus = (typeof VENDOR_STATUSES)[number];

export const VENDOR_PAGE_SIZE = 10;

const NAME_PATTERN = /^[A-Za-z0-9 _.-]+$/;
const USERNAME_PATTERN = /^[A-Za-z0-9 @_.-]+$/;

export const VendorName = v.pipe(
  v.string("Please provide a name"),
  v.trim(),
  v.nonEmpty("Please provide a name"),
  v.maxLength(100, "Please enter a valid name"),
  v.regex(NAME_PATTERN, "Please enter a valid name"),
);

/** The PromptPay vendor id (the vendor's key). */
export const VendorId = v.pipe(
  v.string("The PromptPay vendor is required"),
  v.trim(),
  v.nonEmpty("The PromptPay vendor is required"),
  v.maxLength(100, "Please enter a valid PromptPay vendor"),
  v.regex(NAME_PATTERN, "Please enter a valid PromptPay vendor"),
  v.check((id) => id !== "new", "Please enter a valid PromptPay vendor"),
);

/** The merchant's contact email (the application link is mailed to it). */
export const ContactEmail = v.pipe(
  v.string(),
  v.trim(),
  v.maxLength(254),
  v.email("Please enter a valid email"),
);

export const GatewayCredentialsBody = v.strictObject({
  vendorId: VendorId,
  username: v.pipe(
    v.string("Please provide a username"),
    v.trim(),
    v.nonEmpty("Please provide a username"),
    v.maxLength(100, "Please enter a valid username"),
    v.regex(USERNAME_PATTERN, "Please enter a valid username"),
  ),
  password: v.pipe(
    v.string("Please provide a password"),
    v.nonEmpty("Please provide a password"),
    v.maxLength(200),
  ),
});
export type GatewayCredentialsBody = v.InferOutput<typeof GatewayCredentialsBody>;

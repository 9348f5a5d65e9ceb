import * as ses from "aws-cdk-lib/aws-ses";
import type { StackContext } from "sst/constructs";

/**
 * The sender of the product's mail (core/adapters/ses.ts): one SES email identity per stage. The address is
 * the `mailFrom` context value (`npx sst deploy --stage prod -- -c mailFrom=notices@example.com` or
 * cdk.context.json); SES sends a verification mail to it once, and until the account leaves the SES sandbox
 * recipients must be verified too (docs/stacks.md). Functions that send get ses:SendEmail on this identity
 * only, through grantSendEmail.
 */
export function Mail({ stack, app }: StackContext) {
  const from =
    (app.node.tryGetContext("mailFrom") as string | undefined) ?? `no-reply@${app.stage}.reachcx.invalid`;
  const identity = new ses.EmailIdentity(stack, "Sender", { identity: ses.Identity.email(from) });
  return { from, identity };
}

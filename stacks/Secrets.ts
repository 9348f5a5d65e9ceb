import * as kms from "aws-cdk-lib/aws-kms";
import type { StackContext } from "sst/constructs";

/** The key that seals tenant credentials at rest (icPassword, icAppSecret, e2ClientSecret, tokens). */
export function Secrets({ stack }: StackContext) {
  const key = new kms.Key(stack, "CredentialsKey", {
    description: "ReachCX tenant credentials",
    enableKeyRotation: true,
  });
  return { key };
}

import * as kms from "aws-cdk-lib/aws-kms";
import * as secretsmanager from "aws-cdk-lib/aws-secretsmanager";
import type { StackContext } from "sst/constructs";

/** The key that seals tenant credentials at rest (icPassword, icAppSecret, e2ClientSecret, tokens). */
export function Secrets({ stack }: StackContext) {
  const key = new kms.Key(stack, "CredentialsKey", {
    description: "ReachCX tenant credentials",
    enableKeyRotation: true,
  });
  // Merchant onboarding's partner accounts (core/src/onboarding/partner.ts, gateway.ts): the operator fills
  // the URLs and the username in after the first deploy; the password starts random (docs/stacks.md).
  const partners = new secretsmanager.Secret(stack, "OnboardingPartners", {
    description: "ReachCX merchant onboarding: merchant-services partner account and payment gateway URL",
    generateSecretString: {
      secretStringTemplate: JSON.stringify({
        merchantServicesUrl: "https://merchant-services.invalid",
        merchantServicesUsername: "reachcx",
        paymentGatewayUrl: "https://gateway.invalid",
      }),
      generateStringKey: "merchantServicesPassword",
      excludePunctuation: true,
    },
  });
  return { key, partners };
}

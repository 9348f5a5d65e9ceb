import { stepFunctions } from "@reachcx/core/adapters/sfn";
import type { Env } from "@reachcx/core/env";
import { awsRegion, onboardingPartners, onboardingStateMachineArn } from "./config.ts";

/**
 * The Env's onboarding parts on AWS: the partner and gateway accounts (the OnboardingPartners secret,
 * stacks/Secrets.ts) and the Workflows port on the onboarding state machine. A function the stacks give
 * neither gets none (its Env has no onboarding).
 */
export function onboardingPorts(): Pick<Env, "merchantServices" | "paymentGateway" | "workflows"> {
  const partners = onboardingPartners();
  const machine = onboardingStateMachineArn();
  return {
    ...(partners
      ? {
          merchantServices: {
            url: partners.merchantServicesUrl,
            username: partners.merchantServicesUsername,
            password: partners.merchantServicesPassword,
          },
          paymentGateway: { url: partners.paymentGatewayUrl },
        }
      : {}),
    ...(machine
      ? { workflows: stepFunctions({ region: awsRegion(), stateMachines: { onboarding: machine } }) }
      : {}),
  };
}

import type { StateMachine } from "./asl.ts";

/** Proves the ASL-object path end to end (core -> CDK); replaced by the real workflows as they are built. */
export const PlaceholderWorkflow = {
  Comment: "ReachCX placeholder: merchant onboarding and CRM provisioning arrive with their issues",
  StartAt: "Ready",
  States: { Ready: { Type: "Pass", End: true } },
} satisfies StateMachine;

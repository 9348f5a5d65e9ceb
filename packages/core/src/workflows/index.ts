export type { State, StateMachine } from "./asl.ts";
export * from "./onboarding.ts";
export type { WorkflowEvent, WorkflowName, Workflows } from "./port.ts";

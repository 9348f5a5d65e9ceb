export type { State, StateMachine } from "./asl.ts";
export { PlaceholderWorkflow } from "./placeholder.ts";

import { useEnv } from "../env.ts";

/** The Scheduler port (port.ts), its target payloads (target.ts) and the one dispatcher (dispatch.ts). */
export * from "./cron.ts";
export * from "./dispatch.ts";
export * from "./port.ts";
export * from "./target.ts";

/** This process's Scheduler; throws where none was built (a function that manages no schedules). */
export function useScheduler() {
  const scheduler = useEnv().scheduler;
  if (!scheduler) throw new Error("This process has no scheduler (Env.scheduler).");
  return scheduler;
}

import type { Schedule, Scheduler } from "@reachcx/core/scheduler/port";
import { rateMs } from "@reachcx/core/scheduler/port";
import type { ScheduleTarget } from "@reachcx/core/scheduler/target";
import type { ScheduleItem, StoreService } from "@reachcx/core/store/entities";
import { Cron } from "croner";

/**
 * The embedded Scheduler adapter: each schedule is a croner job in this process and a record in the
 * Store, so `start()` after a restart reloads and re-arms every schedule (docs/architecture.md, Scheduler).
 * A firing hands the schedule's target payload to `fire` (the runtime passes core's
 * dispatchScheduleTarget, as the AWS target Lambda does). A firing that is still running when the next is
 * due is skipped (croner's protect), as a poll must not overlap itself.
 *
 * A cron is croner's five-field pattern read in the schedule's timezone. A rate fires every interval from
 * when it was armed (start or put), the first time one interval after: after a restart the interval
 * begins again. A one-time (`at`) schedule fires once at its instant, or at once when armed after its
 * instant passed (the process was down then), and is then removed, as EventBridge's
 * ActionAfterCompletion DELETE does.
 */
export interface EmbeddedSchedulerOptions {
  store: StoreService;
  fire: (target: ScheduleTarget, name: string) => Promise<unknown>;
  log?: (event: string, detail: Record<string, unknown>) => void;
  /** Divides rate intervals (tests only: 60 makes a minute a second). */
  rateScale?: number;
}

export interface EmbeddedScheduler extends Scheduler {
  /** Loads every stored schedule and arms it; answers how many. */
  start(): Promise<number>;
  /** Disarms every schedule of this process; the records stay for the next start. */
  stop(): void;
  /** When the schedule fires next in this process (undefined: unknown, disabled or not armed). */
  nextRun(name: string): Date | undefined;
}

/** A rate: every `seconds`, the first one interval after it is armed (not at once, as a new rate schedule). */
function rateJob(seconds: number, run: () => Promise<void>) {
  return new Cron(
    "* * * * * *",
    { interval: seconds, startAt: new Date(Date.now() + seconds * 1000), protect: true },
    run,
  );
}

/** The ARN-like name put() answers (EventBridge answers a real ScheduleArn). */
export const embeddedArn = (name: string) => `arn:embedded:scheduler:local:schedule/default/${name}`;

/** The instant of a one-time expression, refused unless it is an ISO timestamp. */
function instantOf(at: string): Date {
  const date = new Date(at);
  if (Number.isNaN(date.getTime()))
    throw new Error(`A one-time schedule's instant is an ISO timestamp; got "${at}".`);
  return date;
}

export function embeddedScheduler(options: EmbeddedSchedulerOptions): EmbeddedScheduler {
  const { store } = options;
  const jobs = new Map<string, Cron>();
  const log = options.log ?? (() => {});
  let stopped = false;

  function disarm(name: string) {
    jobs.get(name)?.stop();
    jobs.delete(name);
  }

  function arm(item: Pick<ScheduleItem, "name" | "expression" | "timezone" | "target" | "enabled">) {
    disarm(item.name);
    if (stopped || item.enabled === false) return;
    const run = async () => {
      try {
        await options.fire(item.target, item.name);
      } catch (err) {
        log("schedule firing failed", { schedule: item.name, error: err });
      }
    };
    if ("at" in item.expression) {
      const once = async () => {
        await run();
        jobs.delete(item.name);
        await store.entities.schedule.delete({ name: item.name }).go();
      };
      const when = instantOf(item.expression.at);
      // croner does not fire an instant already passed: a missed one fires now.
      const job = new Cron(when.getTime() > Date.now() + 50 ? when : new Date(Date.now() + 50), {}, once);
      jobs.set(item.name, job);
      return;
    }
    const every = rateMs(item.expression);
    const job =
      every === undefined
        ? new Cron(
            (item.expression as { cron: string }).cron,
            { timezone: item.timezone, protect: true },
            run,
          )
        : rateJob(Math.max(1, Math.round(every / 1000 / (options.rateScale ?? 1))), run);
    jobs.set(item.name, job);
  }

  return {
    async put(schedule: Schedule) {
      // The expression is proved by croner before it is stored, so a stored schedule always arms.
      if ("cron" in schedule.expression)
        new Cron(schedule.expression.cron, { timezone: schedule.timezone }).stop();
      if ("at" in schedule.expression) instantOf(schedule.expression.at);
      const record = {
        name: schedule.name,
        tenant: schedule.target.tenant,
        expression: schedule.expression,
        timezone: schedule.timezone,
        target: schedule.target,
        enabled: schedule.enabled !== false,
      };
      await store.entities.schedule.put(record).go();
      arm(record);
      return { arn: embeddedArn(schedule.name) };
    },
    async delete(name) {
      disarm(name);
      await store.entities.schedule.delete({ name }).go();
    },
    async start() {
      stopped = false;
      const { data } = await store.entities.schedule.query.byName({}).go({ pages: "all" });
      for (const item of data) {
        try {
          arm(item);
        } catch (err) {
          log("stored schedule could not be armed", { schedule: item.name, error: err });
        }
      }
      return data.length;
    },
    stop() {
      stopped = true;
      for (const name of [...jobs.keys()]) disarm(name);
    },
    nextRun(name) {
      return jobs.get(name)?.nextRun() ?? undefined;
    },
  };
}

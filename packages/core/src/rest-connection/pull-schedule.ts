import * as v from "valibot";
import { useTenant } from "../actor/index.ts";
import { useStore } from "../env.ts";
import { VisibleError } from "../error/index.ts";
import { useScheduler } from "../scheduler/index.ts";
import { scheduleName } from "../scheduler/port.ts";
import { readWithSecrets } from "./connections.ts";

/**
 * A REST connection's optional pull schedule (issue 12 item 6): off, or every 15 minutes to once a day,
 * kept as a rate schedule of the Scheduler port whose firing starts the same pull as 'Run now'. A
 * disabled connection keeps its schedule, and its firings do nothing until it is enabled again.
 */

export const PULL_INTERVALS = [15, 30, 60, 120, 240, 360, 720, 1440] as const;
export const PULL_INTERVAL_MESSAGE = `Choose how often to pull: ${PULL_INTERVALS.join(", ")} minutes, or null for never.`;

export const PullScheduleInput = v.strictObject({
  everyMinutes: v.nullable(
    v.pipe(
      v.number(PULL_INTERVAL_MESSAGE),
      v.check((n) => (PULL_INTERVALS as readonly number[]).includes(n), PULL_INTERVAL_MESSAGE),
    ),
  ),
});
export type PullScheduleInput = v.InferOutput<typeof PullScheduleInput>;

export const PullSchedule = v.strictObject({
  /** Minutes between pulls; null: only 'Run now'. */
  everyMinutes: v.nullable(v.number()),
});
export type PullSchedule = v.InferOutput<typeof PullSchedule>;

const notFound = (id: string) =>
  new VisibleError("not_found", "rest_connection.not_found", `REST connection ${id} does not exist.`);

export async function getPullSchedule(id: string): Promise<PullSchedule> {
  const { data } = await useStore().entities.restConnection.get({ tenant: useTenant(), id }).go();
  if (!data) throw notFound(id);
  return { everyMinutes: data.pullEveryMinutes ?? null };
}

/** Sets or removes the schedule, then records it on the connection (the schedule first: it may fail). */
export async function setPullSchedule(id: string, input: PullScheduleInput): Promise<PullSchedule> {
  const tenant = useTenant();
  await readWithSecrets(id);
  const name = scheduleName("rest", id);
  const patch = useStore().entities.restConnection.patch({ tenant, id });
  if (input.everyMinutes === null) {
    await useScheduler().delete(name);
    await patch.remove(["pullEveryMinutes"]).go();
    return { everyMinutes: null };
  }
  const every = input.everyMinutes;
  await useScheduler().put({
    name,
    expression:
      every % 60 === 0
        ? { rate: { value: every / 60, unit: "hours" } }
        : { rate: { value: every, unit: "minutes" } },
    timezone: "UTC",
    target: { kind: "restPull", tenant, connectionId: id },
  });
  await patch.set({ pullEveryMinutes: every }).go();
  return { everyMinutes: every };
}

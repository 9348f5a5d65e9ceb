import {
  CreateScheduleCommand,
  type CreateScheduleCommandInput,
  DeleteScheduleCommand,
  SchedulerClient,
  UpdateScheduleCommand,
} from "@aws-sdk/client-scheduler";
import * as v from "valibot";
import { eventBridgeExpression } from "../scheduler/cron.ts";
import type { Schedule, Scheduler } from "../scheduler/port.ts";
import { ScheduleTarget } from "../scheduler/target.ts";

/** What the adapter needs of a Scheduler client (a recording stub in test/conformance/scheduler.test.ts). */
export interface SchedulerSender {
  send(command: CreateScheduleCommand | UpdateScheduleCommand | DeleteScheduleCommand): Promise<unknown>;
}

export interface EventBridgeSchedulerOptions {
  region?: string;
  /** The stage's schedule group (stacks/Scheduler.ts). */
  groupName: string;
  /** The schedule target Lambda every schedule invokes, and the role EventBridge assumes to invoke it. */
  targetArn: string;
  roleArn: string;
  client?: SchedulerSender;
}

/** Retries EventBridge makes of a failed target invocation, and for how long an event may wait. */
const RETRIES = 3;
const MAX_EVENT_AGE_SECONDS = 3600;

/** The CreateSchedule/UpdateSchedule input of a schedule (both take the same fields). */
export function scheduleInput(
  schedule: Schedule,
  options: EventBridgeSchedulerOptions,
): CreateScheduleCommandInput {
  return {
    Name: schedule.name,
    GroupName: options.groupName,
    ScheduleExpression: eventBridgeExpression(schedule.expression),
    // at(...) is written in UTC; a one-time schedule removes itself once it has fired.
    ScheduleExpressionTimezone: "at" in schedule.expression ? "UTC" : schedule.timezone,
    ...("at" in schedule.expression ? { ActionAfterCompletion: "DELETE" as const } : {}),
    FlexibleTimeWindow: { Mode: "OFF" },
    State: schedule.enabled === false ? "DISABLED" : "ENABLED",
    Target: {
      Arn: options.targetArn,
      RoleArn: options.roleArn,
      // Validated here as well, so a payload the target would refuse is never scheduled.
      Input: JSON.stringify(v.parse(ScheduleTarget, schedule.target)),
      RetryPolicy: { MaximumRetryAttempts: RETRIES, MaximumEventAgeInSeconds: MAX_EVENT_AGE_SECONDS },
    },
  };
}

const named = (err: unknown, name: string) => err instanceof Error && err.name === name;

/** The ScheduleArn of a CreateSchedule or UpdateSchedule answer. */
function arnOf(answer: unknown, name: string): { arn: string } {
  const arn = (answer as { ScheduleArn?: unknown } | undefined)?.ScheduleArn;
  if (typeof arn !== "string") throw new Error(`EventBridge Scheduler answered no ScheduleArn for ${name}.`);
  return { arn };
}

/**
 * The Scheduler port on EventBridge Scheduler: one schedule per name in the stage's group, each invoking
 * the schedule target Lambda with its payload as input. put() updates and creates when there is nothing
 * to update (and updates when a concurrent put created it first), and answers EventBridge's ScheduleArn.
 */
export function eventBridgeScheduler(options: EventBridgeSchedulerOptions): Scheduler {
  const client: SchedulerSender = options.client ?? new SchedulerClient({ region: options.region });
  return {
    async put(schedule) {
      const input = scheduleInput(schedule, options);
      try {
        return arnOf(await client.send(new UpdateScheduleCommand(input)), schedule.name);
      } catch (err) {
        if (!named(err, "ResourceNotFoundException")) throw err;
        try {
          return arnOf(await client.send(new CreateScheduleCommand(input)), schedule.name);
        } catch (again) {
          if (!named(again, "ConflictException")) throw again;
          return arnOf(await client.send(new UpdateScheduleCommand(input)), schedule.name);
        }
      }
    },
    async delete(name) {
      try {
        await client.send(new DeleteScheduleCommand({ Name: name, GroupName: options.groupName }));
      } catch (err) {
        if (!named(err, "ResourceNotFoundException")) throw err;
      }
    },
  };
}

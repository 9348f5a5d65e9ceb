import { randomUUID } from "node:crypto";
import type {
  CreateScheduleCommand,
  DeleteScheduleCommand,
  UpdateScheduleCommand,
} from "@aws-sdk/client-scheduler";
import { afterEach, describe, expect, it } from "vitest";
import { eventBridgeScheduler } from "../../packages/core/src/adapters/eventbridge-scheduler.ts";
import type { Schedule } from "../../packages/core/src/scheduler/port.ts";
import type { ScheduleTarget } from "../../packages/core/src/scheduler/target.ts";
import { type EmbeddedScheduler, embeddedScheduler } from "../../packages/local/src/scheduler.ts";
import { testStore } from "../support/api.ts";

/**
 * The Scheduler port (core/scheduler/port.ts). The embedded adapter fires stored schedules through croner,
 * re-arms them after a restart and stops a deleted one; the EventBridge adapter is checked against a
 * recording client (what it asks EventBridge Scheduler to do).
 */

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const target = (importId: string): ScheduleTarget => ({
  kind: "sftpPoll",
  // No such tenant: were the runtime's own scheduler ever to fire it, the dispatcher would skip it.
  tenant: `sched-${importId.slice(0, 8)}`,
  importId,
});

const opened: EmbeddedScheduler[] = [];
afterEach(() => {
  for (const s of opened.splice(0)) s.stop();
});

async function embedded(fired: { name: string; target: ScheduleTarget }[]) {
  const scheduler = embeddedScheduler({
    store: await testStore(),
    fire: async (t, name) => {
      fired.push({ name, target: t });
    },
    rateScale: 60,
  });
  opened.push(scheduler);
  return scheduler;
}

async function until(check: () => boolean, ms = 8000) {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await sleep(100);
  return check();
}

describe("Scheduler conformance: embedded (croner, kept in the Store)", () => {
  it("fires a rate schedule with its target payload, again and again", async () => {
    const fired: { name: string; target: ScheduleTarget }[] = [];
    const scheduler = await embedded(fired);
    const id = randomUUID();
    const schedule: Schedule = {
      name: `sftp-${id}`,
      expression: { rate: { value: 1, unit: "minutes" } },
      timezone: "UTC",
      target: target(id),
    };
    await scheduler.put(schedule);
    expect(await until(() => fired.filter((f) => f.name === schedule.name).length >= 2)).toBe(true);
    expect(fired[0]?.target).toEqual(schedule.target);
    await scheduler.delete(schedule.name);
  });

  it("survives a restart: a new process over the same Store re-arms the stored schedule", async () => {
    const before: { name: string; target: ScheduleTarget }[] = [];
    const first = await embedded(before);
    const id = randomUUID();
    const name = `sftp-${id}`;
    await first.put({
      name,
      expression: { rate: { value: 1, unit: "minutes" } },
      timezone: "UTC",
      target: target(id),
    });
    first.stop();
    const after: { name: string; target: ScheduleTarget }[] = [];
    const second = await embedded(after);
    expect(await second.start()).toBeGreaterThanOrEqual(1);
    expect(await until(() => after.some((f) => f.name === name))).toBe(true);
    expect(after.find((f) => f.name === name)?.target).toEqual(target(id));
    await second.delete(name);
  });

  it("stops a deleted schedule, here and after a restart", async () => {
    const fired: { name: string; target: ScheduleTarget }[] = [];
    const scheduler = await embedded(fired);
    const id = randomUUID();
    const name = `rest-${id}`;
    await scheduler.put({
      name,
      expression: { rate: { value: 1, unit: "minutes" } },
      timezone: "UTC",
      target: { kind: "restPull", tenant: "sched-none", connectionId: id },
    });
    expect(await until(() => fired.some((f) => f.name === name))).toBe(true);
    await scheduler.delete(name);
    const count = fired.length;
    await sleep(2500);
    expect(fired.length).toBe(count);
    const again = await embedded(fired);
    await again.start();
    await sleep(2500);
    expect(fired.filter((f) => f.name === name).length).toBe(count);
    expect((await (await testStore()).entities.schedule.get({ name }).go()).data).toBeNull();
  });

  it("fires a one-time schedule once at its instant, answers its ARN, and removes it after", async () => {
    const fired: { name: string; target: ScheduleTarget }[] = [];
    const scheduler = await embedded(fired);
    const id = randomUUID();
    const name = `expiry-${id}`;
    const at = new Date(Date.now() + 1500).toISOString();
    const { arn } = await scheduler.put({ name, expression: { at }, timezone: "UTC", target: target(id) });
    expect(arn).toBe(`arn:embedded:scheduler:local:schedule/default/${name}`);
    await sleep(700);
    expect(fired.some((f) => f.name === name)).toBe(false);
    expect(await until(() => fired.some((f) => f.name === name))).toBe(true);
    expect(fired.filter((f) => f.name === name).length).toBe(1);
    await sleep(300);
    expect((await (await testStore()).entities.schedule.get({ name }).go()).data).toBeNull();
    await expect(
      scheduler.put({ name, expression: { at: "not a date" }, timezone: "UTC", target: target(id) }),
    ).rejects.toThrow(/ISO/);
  });

  it("fires at start a one-time schedule whose instant passed while the process was down", async () => {
    const first = await embedded([]);
    const id = randomUUID();
    const name = `expiry-${id}`;
    await first.put({
      name,
      expression: { at: new Date(Date.now() + 600).toISOString() },
      timezone: "UTC",
      target: target(id),
    });
    first.stop();
    await sleep(1000);
    const after: { name: string; target: ScheduleTarget }[] = [];
    const second = await embedded(after);
    await second.start();
    expect(await until(() => after.some((f) => f.name === name), 3000)).toBe(true);
  });

  it("reads a cron in its timezone, does not arm a disabled schedule, and refuses a cron croner cannot read", async () => {
    const scheduler = await embedded([]);
    const id = randomUUID();
    const name = `campaign-${id}`;
    await scheduler.put({
      name,
      expression: { cron: "30 9 * * 1-5" },
      timezone: "America/New_York",
      target: { kind: "campaign", tenant: "sched-none", campaignId: id, action: "start" },
    });
    const next = scheduler.nextRun(name) as Date;
    const local = new Intl.DateTimeFormat("en-US", {
      timeZone: "America/New_York",
      hour: "2-digit",
      minute: "2-digit",
      weekday: "short",
      hour12: false,
    }).format(next);
    expect(local).toMatch(/^(Mon|Tue|Wed|Thu|Fri),? 09:30$/);
    await scheduler.put({
      name,
      expression: { cron: "30 9 * * 1-5" },
      timezone: "America/New_York",
      target: { kind: "campaign", tenant: "sched-none", campaignId: id, action: "start" },
      enabled: false,
    });
    expect(scheduler.nextRun(name)).toBeUndefined();
    await expect(
      scheduler.put({
        name: `campaign-${randomUUID()}`,
        expression: { cron: "61 * * * *" },
        timezone: "UTC",
        target: { kind: "campaign", tenant: "sched-none", campaignId: id, action: "start" },
      }),
    ).rejects.toThrow();
    await scheduler.delete(name);
  });
});

describe("Scheduler conformance: EventBridge Scheduler (recording client)", () => {
  type Sent = CreateScheduleCommand | UpdateScheduleCommand | DeleteScheduleCommand;
  const make = (answer: (command: Sent) => unknown) => {
    const sent: Sent[] = [];
    const scheduler = eventBridgeScheduler({
      groupName: "reachcx-test",
      targetArn: "arn:aws:lambda:us-east-1:1:function:target",
      roleArn: "arn:aws:iam::1:role/invoke",
      client: {
        async send(command) {
          sent.push(command);
          return answer(command);
        },
      },
    });
    return { scheduler, sent };
  };
  const notFound = () => Object.assign(new Error("not found"), { name: "ResourceNotFoundException" });

  it("creates a missing schedule in the group with its expression, timezone, role and payload", async () => {
    const { scheduler, sent } = make((c) => {
      if (c.constructor.name === "UpdateScheduleCommand") throw notFound();
      return { ScheduleArn: "arn:aws:scheduler:us-east-1:1:schedule/reachcx-test/sftp-1" };
    });
    const answer = await scheduler.put({
      name: "sftp-1",
      expression: { cron: "30 9 * * 1-5" },
      timezone: "America/New_York",
      target: { kind: "sftpPoll", tenant: "acme", importId: "1" },
    });
    expect(sent.map((c) => c.constructor.name)).toEqual(["UpdateScheduleCommand", "CreateScheduleCommand"]);
    expect(answer).toEqual({ arn: "arn:aws:scheduler:us-east-1:1:schedule/reachcx-test/sftp-1" });
    const input = (sent[1] as CreateScheduleCommand).input;
    expect(input).toMatchObject({
      Name: "sftp-1",
      GroupName: "reachcx-test",
      ScheduleExpression: "cron(30 9 ? * MON-FRI *)",
      ScheduleExpressionTimezone: "America/New_York",
      State: "ENABLED",
      FlexibleTimeWindow: { Mode: "OFF" },
      Target: { Arn: "arn:aws:lambda:us-east-1:1:function:target", RoleArn: "arn:aws:iam::1:role/invoke" },
    });
    expect(JSON.parse(input.Target?.Input as string)).toEqual({
      kind: "sftpPoll",
      tenant: "acme",
      importId: "1",
    });
  });

  it("updates an existing schedule in place, and writes a rate", async () => {
    const { scheduler, sent } = make(() => ({
      ScheduleArn: "arn:aws:scheduler:us-east-1:1:schedule/g/rest-1",
    }));
    await scheduler.put({
      name: "rest-1",
      expression: { rate: { value: 15, unit: "minutes" } },
      timezone: "UTC",
      target: { kind: "restPull", tenant: "acme", connectionId: "1" },
      enabled: false,
    });
    expect(sent).toHaveLength(1);
    expect((sent[0] as UpdateScheduleCommand).input).toMatchObject({
      ScheduleExpression: "rate(15 minutes)",
      State: "DISABLED",
    });
  });

  it("writes a one-time schedule as at(...) in UTC that deletes itself after it fired", async () => {
    const { scheduler, sent } = make(() => ({
      ScheduleArn: "arn:aws:scheduler:us-east-1:1:schedule/g/expiry-1",
    }));
    await scheduler.put({
      name: "expiry-1",
      expression: { at: "2027-01-31T17:05:09.123Z" },
      timezone: "America/New_York",
      target: { kind: "campaign", tenant: "acme", campaignId: "c1", action: "expire" },
    });
    expect((sent[0] as UpdateScheduleCommand).input).toMatchObject({
      ScheduleExpression: "at(2027-01-31T17:05:09)",
      ScheduleExpressionTimezone: "UTC",
      ActionAfterCompletion: "DELETE",
    });
  });

  it("refuses a payload the target would refuse, and deletes quietly what is already gone", async () => {
    const { scheduler, sent } = make((c) => {
      if (c.constructor.name === "DeleteScheduleCommand") throw notFound();
      return {};
    });
    await expect(
      scheduler.put({
        name: "x-1",
        expression: { rate: { value: 1, unit: "hours" } },
        timezone: "UTC",
        target: { kind: "somethingElse", tenant: "acme" } as unknown as ScheduleTarget,
      }),
    ).rejects.toThrow();
    expect(sent).toHaveLength(0);
    await scheduler.delete("sftp-gone");
    expect((sent[0] as DeleteScheduleCommand).input).toEqual({
      Name: "sftp-gone",
      GroupName: "reachcx-test",
    });
  });
});

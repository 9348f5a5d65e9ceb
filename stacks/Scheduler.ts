import * as iam from "aws-cdk-lib/aws-iam";
import * as scheduler from "aws-cdk-lib/aws-scheduler";
import { Function as LambdaFunction, type StackContext, use } from "sst/constructs";
import { Jobs } from "./Jobs.ts";
import { Secrets } from "./Secrets.ts";
import { Storage } from "./Storage.ts";

/**
 * The Scheduler port on EventBridge Scheduler (core/adapters/eventbridge-scheduler.ts): schedules of this
 * stage live in one group and invoke the schedule target function with the role below, which may invoke
 * that function and nothing else. The target runs core's dispatcher: it reads the table and starts jobs
 * (a message to the job queue; the work itself runs in the job worker, Jobs.ts), and runs a campaign's
 * scheduled operation, which starts or stops its CXone skill with the tenant's sealed credentials (the key).
 * Functions that create schedules (the API) get `grantManage`: create, update and delete schedules of
 * this group only, and pass this role to EventBridge Scheduler only.
 */
export function Scheduler({ stack, app }: StackContext) {
  const { table } = use(Storage);
  const { queue } = use(Jobs);
  const { key } = use(Secrets);
  const groupName = `reachcx-${app.stage}`;
  const group = new scheduler.CfnScheduleGroup(stack, "Schedules", { name: groupName });
  const target = new LambdaFunction(stack, "ScheduleTarget", {
    handler: "packages/functions/src/schedule/target.handler",
    environment: { TABLE_NAME: table.tableName, JOB_QUEUE_URL: queue.queueUrl, KMS_KEY_ID: key.keyArn },
  });
  table.cdk.table.grantReadWriteData(target);
  queue.grantSendMessages(target);
  key.grantEncryptDecrypt(target);
  const invokeRole = new iam.Role(stack, "SchedulerInvoke", {
    // Only schedules of this account may use the role (confused-deputy guard AWS recommends).
    assumedBy: new iam.ServicePrincipal("scheduler.amazonaws.com", {
      conditions: { StringEquals: { "aws:SourceAccount": stack.account } },
    }),
  });
  target.grantInvoke(invokeRole);

  const schedules = `arn:${stack.partition}:scheduler:${stack.region}:${stack.account}:schedule/${groupName}/*`;
  /** Lets a function manage this group's schedules (the Scheduler port's AWS adapter) and nothing more. */
  const grantManage = (fn: LambdaFunction) => {
    fn.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ["scheduler:CreateSchedule", "scheduler:UpdateSchedule", "scheduler:DeleteSchedule"],
        resources: [schedules],
      }),
    );
    fn.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ["iam:PassRole"],
        resources: [invokeRole.roleArn],
        conditions: { StringEquals: { "iam:PassedToService": "scheduler.amazonaws.com" } },
      }),
    );
    fn.addEnvironment("SCHEDULE_GROUP", groupName);
    fn.addEnvironment("SCHEDULE_TARGET_ARN", target.functionArn);
    fn.addEnvironment("SCHEDULE_ROLE_ARN", invokeRole.roleArn);
  };
  return { groupName: group.name as string, invokeRoleArn: invokeRole.roleArn, target, grantManage };
}

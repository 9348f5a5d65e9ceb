import * as iam from "aws-cdk-lib/aws-iam";
import * as scheduler from "aws-cdk-lib/aws-scheduler";
import { Function as LambdaFunction, type StackContext, use } from "sst/constructs";
import { Storage } from "./Storage.ts";

/**
 * Campaign schedule events become EventBridge Scheduler schedules in this group; each invokes the target
 * function with the role below, which may invoke that function and nothing else.
 */
export function Scheduler({ stack, app }: StackContext) {
  const { table } = use(Storage);
  const group = new scheduler.CfnScheduleGroup(stack, "Schedules", { name: `reachcx-${app.stage}` });
  const target = new LambdaFunction(stack, "ScheduleTarget", {
    handler: "packages/functions/src/schedule/target.handler",
    environment: { TABLE_NAME: table.tableName },
  });
  table.cdk.table.grantReadWriteData(target);
  const invokeRole = new iam.Role(stack, "SchedulerInvoke", {
    // Only schedules of this account may use the role (confused-deputy guard AWS recommends).
    assumedBy: new iam.ServicePrincipal("scheduler.amazonaws.com", {
      conditions: { StringEquals: { "aws:SourceAccount": stack.account } },
    }),
  });
  target.grantInvoke(invokeRole);
  return { groupName: group.name as string, invokeRoleArn: invokeRole.roleArn, target };
}

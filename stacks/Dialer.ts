import * as iam from "aws-cdk-lib/aws-iam";
import * as scheduler from "aws-cdk-lib/aws-scheduler";
import { Function as LambdaFunction, type StackContext, use } from "sst/constructs";
import { Secrets } from "./Secrets.ts";
import { Storage } from "./Storage.ts";

/**
 * The dialer's driver (docs/dialer.md Driver, packages/functions/src/dialer/driver.ts): an EventBridge
 * Scheduler schedule invokes it every minute; each invocation ticks for about 50 s within its 60 s
 * timeout. It reads and writes the table and decrypts the tenants' CXone credentials with the
 * credentials key; the platform it calls is on the internet. The schedule's role may invoke this
 * function only.
 */
export function Dialer({ stack }: StackContext) {
  const { table } = use(Storage);
  const { key } = use(Secrets);
  const driver = new LambdaFunction(stack, "DialerDriver", {
    handler: "packages/functions/src/dialer/driver.handler",
    timeout: 60,
    environment: { TABLE_NAME: table.tableName, KMS_KEY_ID: key.keyArn, DIALER_IN_FLIGHT: "10" },
  });
  table.cdk.table.grantReadWriteData(driver);
  key.grantDecrypt(driver);
  const invokeRole = new iam.Role(stack, "DriverInvoke", {
    // Only schedules of this account may use the role (confused-deputy guard AWS recommends).
    assumedBy: new iam.ServicePrincipal("scheduler.amazonaws.com", {
      conditions: { StringEquals: { "aws:SourceAccount": stack.account } },
    }),
  });
  driver.grantInvoke(invokeRole);
  new scheduler.CfnSchedule(stack, "DriverSchedule", {
    description: "ReachCX dialer driver: keeps Active campaigns' skills fed",
    scheduleExpression: "rate(1 minute)",
    flexibleTimeWindow: { mode: "OFF" },
    target: {
      arn: driver.functionArn,
      roleArn: invokeRole.roleArn,
      // A missed minute is not worth replaying: the next invocation feeds the campaigns anyway.
      retryPolicy: { maximumRetryAttempts: 0 },
    },
  });
  return { driver };
}

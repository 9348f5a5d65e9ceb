import * as iam from "aws-cdk-lib/aws-iam";
import * as logs from "aws-cdk-lib/aws-logs";
import * as sfn from "aws-cdk-lib/aws-stepfunctions";
import type { StackContext } from "sst/constructs";
import { PlaceholderWorkflow } from "../packages/core/src/workflows/index.ts";

/**
 * Step Functions state machines from the ASL objects in packages/core/src/workflows, used verbatim here and
 * by the local runner. Merchant onboarding and CRM provisioning join the placeholder with their issues.
 */
export function Workflows({ stack }: StackContext) {
  const logGroup = new logs.LogGroup(stack, "WorkflowLogs", { retention: logs.RetentionDays.ONE_MONTH });
  const role = new iam.Role(stack, "WorkflowRole", {
    assumedBy: new iam.ServicePrincipal("states.amazonaws.com"),
  });
  const placeholder = new sfn.StateMachine(stack, "Placeholder", {
    definitionBody: sfn.DefinitionBody.fromString(JSON.stringify(PlaceholderWorkflow)),
    role,
    logs: { destination: logGroup, level: sfn.LogLevel.ERROR },
  });
  return { placeholder };
}

import { Aws } from "aws-cdk-lib";
import * as iam from "aws-cdk-lib/aws-iam";
import * as logs from "aws-cdk-lib/aws-logs";
import * as sfn from "aws-cdk-lib/aws-stepfunctions";
import { Function as LambdaFunction, type StackContext, use } from "sst/constructs";
import { OnboardingWorkflow } from "../packages/core/src/workflows/index.ts";
import { Api } from "./Api.ts";
import { Mail } from "./Mail.ts";
import { Secrets } from "./Secrets.ts";
import { Storage } from "./Storage.ts";

/**
 * Step Functions state machines from the ASL objects in packages/core/src/workflows, used verbatim here and
 * by the embedded runner. Merchant onboarding: a Standard state machine whose only rights are invoking its
 * task function and writing its logs; the task function may touch the table, the credentials key, the
 * sender identity and the partners' secret. The API may start executions, complete their waits and read
 * their history, for this state machine only.
 */
export function Workflows({ stack, app }: StackContext) {
  const { table } = use(Storage);
  const { key, partners } = use(Secrets);
  const mail = use(Mail);
  const { handler: api } = use(Api);

  const task = new LambdaFunction(stack, "OnboardingTask", {
    handler: "packages/functions/src/workflows/onboarding.handler",
    environment: {
      STAGE: app.stage,
      TABLE_NAME: table.tableName,
      KMS_KEY_ID: key.keyArn,
      MAIL_FROM: mail.from,
      ONBOARDING_PARTNERS: partners.secretValue.unsafeUnwrap(),
    },
  });
  table.cdk.table.grantReadWriteData(task);
  key.grantEncryptDecrypt(task);
  mail.identity.grantSendEmail(task);

  const logGroup = new logs.LogGroup(stack, "WorkflowLogs", { retention: logs.RetentionDays.ONE_MONTH });
  const role = new iam.Role(stack, "WorkflowRole", {
    assumedBy: new iam.ServicePrincipal("states.amazonaws.com"),
  });
  task.grantInvoke(role);

  // A fixed name, so the API can be given its ARN without depending on this stack (which uses the API's).
  const name = `${app.stage}-${app.name}-onboarding`;
  const onboarding = new sfn.StateMachine(stack, "Onboarding", {
    stateMachineName: name,
    stateMachineType: sfn.StateMachineType.STANDARD,
    definitionBody: sfn.DefinitionBody.fromString(JSON.stringify(OnboardingWorkflow)),
    definitionSubstitutions: { OnboardingTaskFunction: task.functionArn },
    role,
    // Execution data stays out of the logs: it carries the merchant's pricing and sealed credentials.
    logs: { destination: logGroup, level: sfn.LogLevel.ALL, includeExecutionData: false },
  });

  const machineArn = `arn:${Aws.PARTITION}:states:${Aws.REGION}:${Aws.ACCOUNT_ID}:stateMachine:${name}`;
  const executions = `arn:${Aws.PARTITION}:states:${Aws.REGION}:${Aws.ACCOUNT_ID}:execution:${name}:*`;
  api.addEnvironment("ONBOARDING_STATE_MACHINE_ARN", machineArn);
  api.addEnvironment("ONBOARDING_PARTNERS", partners.secretValue.unsafeUnwrap());
  api.addToRolePolicy(
    new iam.PolicyStatement({
      actions: ["states:StartExecution", "states:SendTaskSuccess", "states:SendTaskFailure"],
      resources: [machineArn],
    }),
  );
  api.addToRolePolicy(
    new iam.PolicyStatement({
      actions: ["states:GetExecutionHistory", "states:StopExecution"],
      resources: [executions],
    }),
  );
  return { onboarding, task };
}

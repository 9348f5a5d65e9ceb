import * as iam from "aws-cdk-lib/aws-iam";
import * as secretsmanager from "aws-cdk-lib/aws-secretsmanager";
import { Api as HttpApi, Function as LambdaFunction, type StackContext, use } from "sst/constructs";
import { Auth } from "./Auth.ts";
import { Jobs } from "./Jobs.ts";
import { Mail } from "./Mail.ts";
import { Scheduler } from "./Scheduler.ts";
import { Search } from "./Search.ts";
import { Secrets } from "./Secrets.ts";
import { Storage } from "./Storage.ts";

/** The Hono API on one Lambda behind an HTTP API. It may touch only its table, bucket, domain, key and pool. */
export function Api({ stack, app }: StackContext) {
  const { table, bucket } = use(Storage);
  const { userPool, client } = use(Auth);
  const { domain } = use(Search);
  const { key } = use(Secrets);
  const mail = use(Mail);
  const jobs = use(Jobs);
  const schedules = use(Scheduler);

  // What CloudFront adds to every request it forwards to the API (Web.ts), so the API can tell them from
  // requests sent to the execute-api host directly: only those carry a viewer address it may believe.
  const originSecret = new secretsmanager.Secret(stack, "ApiOriginSecret", {
    description: "Header value CloudFront sends to the API; proves x-viewer-address was set by CloudFront",
    generateSecretString: { passwordLength: 48, excludePunctuation: true },
  });

  const handler = new LambdaFunction(stack, "ApiHandler", {
    handler: "packages/functions/src/api/lambda.handler",
    environment: {
      STAGE: app.stage,
      TABLE_NAME: table.tableName,
      BUCKET_NAME: bucket.bucketName,
      OPENSEARCH_URL: `https://${domain.domainEndpoint}`,
      USER_POOL_ID: userPool.userPoolId,
      USER_POOL_CLIENT_ID: client.userPoolClientId,
      KMS_KEY_ID: key.keyArn,
      MAIL_FROM: mail.from,
      JOB_QUEUE_URL: jobs.queue.queueUrl,
      ORIGIN_SECRET: originSecret.secretValue.unsafeUnwrap(),
    },
    // The interactive API docs serve swagger-ui's files from the package.
    // Copied, not `nodejs.install`ed: install runs npm against the registry on every synthesis (tests included).
    copyFiles: ["package.json", "swagger-ui.css", "swagger-ui-bundle.js"].map((file) => ({
      from: `node_modules/swagger-ui-dist/${file}`,
      to: `node_modules/swagger-ui-dist/${file}`,
    })),
  });
  table.cdk.table.grantReadWriteData(handler);
  bucket.cdk.bucket.grantReadWrite(handler);
  domain.grantReadWrite(handler);
  key.grantEncryptDecrypt(handler);
  // The Mail port (core/adapters/ses.ts): SendEmail from the stage's own sender identity only.
  mail.identity.grantSendEmail(handler);
  // Starting a job is a message to the job queue (core/adapters/sqs-jobs.ts): send only.
  jobs.queue.grantSendMessages(handler);
  // SFTP imports and REST connections keep their schedules (core/scheduler): this stage's group only.
  schedules.grantManage(handler);
  handler.addToRolePolicy(
    new iam.PolicyStatement({
      actions: [
        // Create User (a temporary password) and sign-up (its owner's permanent one): nothing else of
        // the pool; the new-password challenge is a client call (RespondToAuthChallenge), no IAM right.
        "cognito-idp:AdminCreateUser",
        "cognito-idp:AdminSetUserPassword",
      ],
      resources: [userPool.userPoolArn],
    }),
  );

  // The push platform (core/adapters/pinpoint.ts): projects are created at run time, so their ids are not
  // known here; the rights stop at this account and region, and at the four calls the port makes.
  const apps = `arn:${stack.partition}:mobiletargeting:${stack.region}:${stack.account}:apps`;
  handler.addToRolePolicy(
    new iam.PolicyStatement({ actions: ["mobiletargeting:CreateApp"], resources: [apps] }),
  );
  handler.addToRolePolicy(
    new iam.PolicyStatement({
      actions: [
        "mobiletargeting:DeleteApp",
        "mobiletargeting:UpdateGcmChannel",
        "mobiletargeting:UpdateApnsChannel",
      ],
      resources: [`${apps}/*`],
    }),
  );

  const api = new HttpApi(stack, "Api", {
    routes: { "ANY /api": handler, "ANY /api/{proxy+}": handler },
  });
  stack.addOutputs({ ApiUrl: api.url });
  return { api, handler, originSecret };
}

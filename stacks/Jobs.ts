import { Duration } from "aws-cdk-lib";
import * as iam from "aws-cdk-lib/aws-iam";
import { SqsEventSource } from "aws-cdk-lib/aws-lambda-event-sources";
import * as sqs from "aws-cdk-lib/aws-sqs";
import { Function as LambdaFunction, type StackContext, use } from "sst/constructs";
import { Auth } from "./Auth.ts";
import { Mail } from "./Mail.ts";
import { Search } from "./Search.ts";
import { Secrets } from "./Secrets.ts";
import { Storage } from "./Storage.ts";

/** Job workers that may run at once in the account: a burst of imports queues instead of flooding the table. */
export const JOB_WORKER_CONCURRENCY = 10;

/**
 * Long work (core/job): a queue of job references and the worker Lambda that runs them, one job a message
 * (docs/architecture.md, Jobs). A run near the 15-minute limit checkpoints, releases the job and sends it
 * to the queue again; the visibility timeout outlasts one run; a message that fails its worker three times
 * goes to the dead-letter queue (the job record itself stays, failed or resumable).
 */
export function Jobs({ stack, app }: StackContext) {
  const { table, bucket } = use(Storage);
  const { userPool, client } = use(Auth);
  const { domain } = use(Search);
  const { key } = use(Secrets);
  const mail = use(Mail);

  const deadLetters = new sqs.Queue(stack, "JobDeadLetters", {
    retentionPeriod: Duration.days(14),
    encryption: sqs.QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
  });
  const queue = new sqs.Queue(stack, "JobQueue", {
    visibilityTimeout: Duration.minutes(16),
    retentionPeriod: Duration.days(4),
    encryption: sqs.QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
    deadLetterQueue: { queue: deadLetters, maxReceiveCount: 3 },
  });

  const worker = new LambdaFunction(stack, "JobWorker", {
    handler: "packages/functions/src/jobs/worker.handler",
    timeout: 900,
    memorySize: 1024,
    reservedConcurrentExecutions: JOB_WORKER_CONCURRENCY,
    environment: {
      STAGE: app.stage,
      TABLE_NAME: table.tableName,
      BUCKET_NAME: bucket.bucketName,
      OPENSEARCH_URL: `https://${domain.domainEndpoint}`,
      USER_POOL_ID: userPool.userPoolId,
      USER_POOL_CLIENT_ID: client.userPoolClientId,
      KMS_KEY_ID: key.keyArn,
      MAIL_FROM: mail.from,
      JOB_QUEUE_URL: queue.queueUrl,
    },
  });
  worker.addEventSource(new SqsEventSource(queue, { batchSize: 1 }));
  table.cdk.table.grantReadWriteData(worker);
  // An import finds existing contacts by externalId with PartiQL SELECT ... IN on the upsert index
  // (core/import/write.ts), which grantReadWriteData does not cover.
  worker.addToRolePolicy(
    new iam.PolicyStatement({
      actions: ["dynamodb:PartiQLSelect"],
      resources: [table.tableArn, `${table.tableArn}/index/gsi1`],
    }),
  );
  bucket.cdk.bucket.grantReadWrite(worker);
  key.grantEncryptDecrypt(worker);
  mail.identity.grantSendEmail(worker);
  queue.grantSendMessages(worker);
  // Jobs query the contact index: a bulk edit's snapshot, a REST pull's match by phone (POST _search).
  domain.grantReadWrite(worker);

  return { queue, deadLetters, worker };
}

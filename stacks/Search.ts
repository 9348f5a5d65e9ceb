import { RemovalPolicy } from "aws-cdk-lib";
import { StartingPosition } from "aws-cdk-lib/aws-lambda";
import * as opensearch from "aws-cdk-lib/aws-opensearchservice";
import { Function as LambdaFunction, type StackContext, use } from "sst/constructs";
import { streamDeadLetters } from "./dead-letters.ts";
import { Storage } from "./Storage.ts";

/** One OpenSearch domain; indexes per model (contact, activitylog, ...) are created by the indexer. */
export function Search({ stack, app }: StackContext) {
  const domain = new opensearch.Domain(stack, "Search", {
    version: opensearch.EngineVersion.OPENSEARCH_2_19,
    capacity: { dataNodes: 1, dataNodeInstanceType: "t3.small.search", multiAzWithStandbyEnabled: false },
    ebs: { volumeSize: 10 },
    encryptionAtRest: { enabled: true },
    nodeToNodeEncryption: true,
    enforceHttps: true,
    removalPolicy: app.stage === "production" ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
  });

  // The one indexer: the table's stream feeds every search index (packages/core/src/search/indexer.ts).
  const { table } = use(Storage);
  const indexer = new LambdaFunction(stack, "SearchIndexer", {
    handler: "packages/functions/src/stream/indexer.handler",
    environment: { OPENSEARCH_URL: `https://${domain.domainEndpoint}` },
  });
  domain.grantReadWrite(indexer);
  const deadLetters = streamDeadLetters(stack, "SearchIndexerDeadLetters");
  table.addConsumers(stack, {
    indexer: {
      function: indexer,
      cdk: {
        eventSource: {
          startingPosition: StartingPosition.TRIM_HORIZON,
          batchSize: 500,
          bisectBatchOnError: true,
          retryAttempts: 10,
          reportBatchItemFailures: true,
          onFailure: deadLetters.destination,
        },
      },
    },
  });
  return { domain, indexer, deadLetters: deadLetters.queue };
}

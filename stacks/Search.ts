import { RemovalPolicy } from "aws-cdk-lib";
import * as opensearch from "aws-cdk-lib/aws-opensearchservice";
import type { StackContext } from "sst/constructs";

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
  return { domain };
}

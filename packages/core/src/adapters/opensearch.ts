import { defaultProvider } from "@aws-sdk/credential-provider-node";
import { Client } from "@opensearch-project/opensearch";
import { AwsSigv4Signer } from "@opensearch-project/opensearch/aws";
import type { Search, SearchModel, SearchPage } from "../search/port.ts";
import { indexEnsurer, indexName } from "./opensearch/layout.ts";
import { activityPlan, contactPlan, pageOf, type SearchPlan } from "./opensearch/planner.ts";
import { opensearchWriter } from "./opensearch/writer.ts";

/**
 * The Search port on OpenSearch, assembled from its layout (an index per model with explicit mappings),
 * writer (bulk), planner (the search body) and query compiler (opensearch/, docs/search.md). The tenant
 * filter is added by the compiler to every query, never by callers.
 */
export function openSearch(options: { url: string; region?: string; prefix?: string }): Search {
  const client = new Client({
    node: options.url,
    ...(options.region
      ? AwsSigv4Signer({ region: options.region, service: "es", getCredentials: defaultProvider() })
      : {}),
  });
  const index = (model: SearchModel) => indexName(options.prefix, model);
  const ensure = indexEnsurer(client, index);
  const writer = opensearchWriter(client, index, ensure);

  async function search(model: SearchModel, plan: SearchPlan): Promise<SearchPage> {
    await ensure(model);
    const res = await client.search({ index: index(model), body: plan.body });
    return pageOf(res.body.hits, plan);
  }

  return {
    upsert: writer.upsert,
    remove: writer.remove,
    query: (model, tenant, request) => search(model, contactPlan(tenant, request)),
    activity: (tenant, request) => search("activitylog", activityPlan(tenant, request)),
  };
}

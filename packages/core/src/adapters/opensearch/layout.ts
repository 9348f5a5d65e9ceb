import type { API, Client, Types } from "@opensearch-project/opensearch";
import { CONTACT_FIELDS } from "../../search/contact-fields.ts";
import type { SearchModel } from "../../search/port.ts";

/** An index per model: `{prefix}-{model}`. */
export const indexName = (prefix: string | undefined, model: SearchModel) =>
  `${prefix ?? "reachcx"}-${model}`;

/** Custom fields are indexed as `custom__{name}`: a colon is not a field name the mapping can template. */
export const fieldName = (field: string) => field.replace(":", "__");

/**
 * Creates a model's index with its mapping the first time it is used (once per process); an existing
 * index is used as it is.
 */
export function indexEnsurer(client: Client, index: (model: SearchModel) => string) {
  const ready = new Map<SearchModel, Promise<void>>();
  return (model: SearchModel) => {
    let p = ready.get(model);
    if (!p) {
      p = (async () => {
        const exists = await client.indices.exists({ index: index(model) });
        if (!exists.body)
          await client.indices.create({
            index: index(model),
            body: model === "activitylog" ? activityIndex() : contactIndex(),
          });
      })();
      ready.set(model, p);
    }
    return p;
  };
}

/**
 * Contacts: text is analyzed word by word like the reference evaluator (standard tokenizer, lower-case,
 * no folding) and carries a `.lc` keyword subfield with a lower-case normalizer (comparisons, sorts);
 * dates are epoch milliseconds; custom fields are mapped by dynamic template from their JSON type.
 */
export function contactIndex(): API.Indices_Create_RequestBody {
  const text: Types.Common_Mapping.Property = {
    type: "text",
    analyzer: "words",
    fields: { lc: { type: "keyword", normalizer: "lc", ignore_above: 1024 } },
  };
  const properties: Record<string, Types.Common_Mapping.Property> = {
    tenant: { type: "keyword" },
    id: { type: "keyword" },
  };
  for (const [field, type] of Object.entries(CONTACT_FIELDS))
    properties[field] = type === "date" ? { type: "long" } : type === "boolean" ? { type: "boolean" } : text;
  return {
    settings: {
      analysis: {
        analyzer: { words: { type: "custom", tokenizer: "standard", filter: ["lowercase"] } },
        normalizer: { lc: { type: "custom", filter: ["lowercase"] } },
      },
    },
    mappings: {
      dynamic_templates: [
        { custom_numbers: { match: "custom__*", match_mapping_type: "long", mapping: { type: "double" } } },
        { custom_doubles: { match: "custom__*", match_mapping_type: "double", mapping: { type: "double" } } },
        {
          custom_booleans: {
            match: "custom__*",
            match_mapping_type: "boolean",
            mapping: { type: "boolean" },
          },
        },
        { custom_text: { match: "custom__*", match_mapping_type: "string", mapping: text } },
      ],
      properties,
    },
  };
}

/** Activity logs: keywords for what lists filter on, text (with a keyword subfield) for title and body. */
export function activityIndex(): API.Indices_Create_RequestBody {
  const keyword: Types.Common_Mapping.Property = { type: "keyword" };
  const text: Types.Common_Mapping.Property = {
    type: "text",
    fields: { raw: { type: "keyword", ignore_above: 256 } },
  };
  return {
    mappings: {
      dynamic: false,
      properties: {
        tenant: keyword,
        id: keyword,
        activityLogContactId: keyword,
        type: keyword,
        disposition: keyword,
        agent: keyword,
        segment: keyword,
        campaign: keyword,
        contactStatus: keyword,
        c2aId: keyword,
        title: text,
        body: { type: "text" },
        metaData: { type: "text", index: false },
        timestamp: { type: "date" },
        createdAt: { type: "date" },
        updatedAt: { type: "date" },
      },
    },
  };
}

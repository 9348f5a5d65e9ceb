import * as v from "valibot";

/**
 * What CXone answers, parsed defensively: loose objects (the platform adds fields freely), only the fields
 * the product reads (spec 000 §3, Platform objects used by the integration), numbers that arrive as text
 * accepted as CXone's older API versions send them.
 */

const id = v.union([
  v.pipe(v.number(), v.integer()),
  v.pipe(v.string(), v.regex(/^\d+$/), v.transform(Number)),
]);
const name = v.pipe(v.string(), v.maxLength(500));
const flag = v.optional(v.boolean());

/** The legacy token endpoint's answer and the cloud token endpoint's (with the base from discovery). */
export const TokenAnswer = v.looseObject({
  access_token: v.pipe(v.string(), v.minLength(1), v.maxLength(8192)),
  token_type: v.optional(v.string()),
  expires_in: v.optional(v.number()),
  resource_server_base_uri: v.optional(v.pipe(v.string(), v.url())),
});

export const OpenIdConfiguration = v.looseObject({ token_endpoint: v.pipe(v.string(), v.url()) });
export const CxoneConfiguration = v.looseObject({ api_endpoint: v.pipe(v.string(), v.url()) });

export const PlatformSkill = v.looseObject({
  skillId: id,
  skillName: name,
  scriptName: v.optional(v.nullable(name)),
  isRunning: flag,
  isOutbound: flag,
  mediaTypeId: v.optional(id),
});
export const SkillsAnswer = v.looseObject({ skills: v.array(PlatformSkill) });

export const ScriptSearchAnswer = v.looseObject({
  scriptSearchDetails: v.array(v.looseObject({ masterID: id, scriptName: v.optional(name) })),
});

export const PlatformScript = v.looseObject({ scriptName: name, mediaTypeId: id, masterID: v.optional(id) });
export const ScriptsAnswer = v.looseObject({
  resultSet: v.looseObject({ scripts: v.array(PlatformScript) }),
});

export const ScriptStartAnswer = v.looseObject({ contactId: id });

export const PlatformPointOfContact = v.looseObject({
  pointOfContact: v.optional(name),
  pointOfContactName: v.optional(name),
  contactAddress: v.optional(name),
  mediaTypeId: id,
  mediaTypeName: v.optional(name),
  defaultSkillId: v.optional(id),
  isActive: flag,
});
export const PointsOfContactAnswer = v.looseObject({ pointsOfContact: v.array(PlatformPointOfContact) });

export const PlatformTimeZone = v.looseObject({
  name: name,
  standardName: v.optional(name),
  offset: v.optional(v.union([v.string(), v.number()])),
});
export const BusinessUnitAnswer = v.looseObject({
  businessUnits: v.array(
    v.looseObject({ businessUnitId: id, timeZones: v.optional(v.array(PlatformTimeZone), []) }),
  ),
});

/** Spec 000 §7 leaves the billing body's shape open: this is ours (docs/decisions.md, CXone client). */
export const ProductUsage = v.strictObject({
  businessUnitId: v.pipe(v.string(), v.regex(/^\d{7,9}$/)),
  productId: v.pipe(v.number(), v.integer(), v.minValue(1)),
  unitAmount: v.pipe(v.number(), v.integer(), v.minValue(0)),
  usageDate: v.pipe(v.string(), v.isoDate()),
});
export type ProductUsage = v.InferOutput<typeof ProductUsage>;

export const ProductUsageAnswer = v.looseObject({
  usage: v.array(
    v.looseObject({
      id: v.optional(v.union([v.string(), v.number()])),
      productId: id,
      unitAmount: v.number(),
      usageDate: v.string(),
    }),
  ),
});

export type PlatformSkill = v.InferOutput<typeof PlatformSkill>;
export type PlatformScript = v.InferOutput<typeof PlatformScript>;
export type PlatformPointOfContact = v.InferOutput<typeof PlatformPointOfContact>;
export type PlatformTimeZone = v.InferOutput<typeof PlatformTimeZone>;

import * as v from "valibot";
import { boundedArray } from "../bounds.ts";
import { Cursor, Limit, PageQuery, pageOf } from "../paging.ts";
import { QueryNode, SortParam } from "../search/schema.ts";
import { ACTIVITY_TYPES, CONTACT_STATUSES, DEVICE_TYPES, TIME_ZONES, US_STATES } from "./constants.ts";

/**
 * The contacts API's requests and answers (spec 003 §7.1). Requests are validated with these at the edge;
 * answers are described with them in the OpenAPI document, and the API suite parses real answers with them.
 */

/** GET /api/contacts: a page of the list, with the search syntax and one sort key. */
export const ListQuery = v.object({
  ...PageQuery.entries,
  search: v.optional(v.pipe(v.string(), v.maxLength(500, "The search is too long."))),
  sort: v.optional(SortParam),
});

export const SortKey = v.strictObject({
  field: v.pipe(v.string(), v.maxLength(100)),
  direction: v.picklist(["asc", "desc"]),
});

/** POST /api/contacts/query: the typed query model, as segments and bulk edit send it. */
export const QueryBody = v.strictObject({
  query: v.nullable(QueryNode),
  sort: v.optional(boundedArray(SortKey, 5, "A query sorts by at most 5 fields.")),
  limit: v.optional(Limit),
  cursor: v.optional(v.nullable(Cursor)),
});

export const IdParam = v.object({ id: v.pipe(v.string(), v.maxLength(100)) });
export const ExternalIdParam = v.object({
  externalId: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
});

const text = v.optional(v.string());
const flag = v.optional(v.boolean());
const timestamp = v.pipe(v.string(), v.isoTimestamp());

/** A contact as the API answers it: what ContactInput accepted, as stored, with its keys and stamps. */
export const Contact = v.strictObject({
  tenant: v.string(),
  id: v.string(),
  externalId: text,
  firstName: v.string(),
  lastName: v.string(),
  source: text,
  phone: text,
  cell: text,
  email: text,
  dateCreated: v.optional(timestamp),
  address1: text,
  address2: text,
  city: text,
  state: v.optional(v.picklist(US_STATES)),
  zip: text,
  timeZone: v.picklist(Object.keys(TIME_ZONES) as (keyof typeof TIME_ZONES)[]),
  dnc: flag,
  updatedBy: text,
  customFields: v.optional(
    v.pipe(
      v.record(v.string(), v.union([v.string(), v.number(), v.boolean()])),
      v.description("Values by `custom:{name}`, typed as the tenant's custom field says."),
    ),
  ),
  expireDt: v.optional(timestamp),
  complianceRequired: flag,
  preview: flag,
  outboundCallerId: text,
  balances: v.optional(
    v.array(v.strictObject({ id: v.string(), type: v.string(), amount: v.number(), age: v.number() })),
  ),
  type: text,
  optout: v.optional(v.strictObject({ Voice: flag, SMS: flag, Email: flag })),
  mobileDevices: v.optional(v.array(v.strictObject({ id: v.string(), type: v.picklist(DEVICE_TYPES) }))),
  contactAccountId: text,
  status: v.picklist(CONTACT_STATUSES),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type Contact = v.InferOutput<typeof Contact>;

/** A page of the list or of a query, with the number of contacts that match. */
export const ContactPage = v.strictObject({
  ...pageOf(Contact).entries,
  total: v.pipe(v.number(), v.integer(), v.minValue(0)),
});

/** One entry of a contact's activity (spec 003 §3 ActivityLog); a note added answers one of these. */
export const Activity = v.strictObject({
  tenant: v.string(),
  id: v.string(),
  type: v.picklist(ACTIVITY_TYPES),
  disposition: text,
  title: text,
  body: text,
  activityLogContactId: v.string(),
  segment: text,
  campaign: text,
  agent: text,
  contactStatus: text,
  timestamp,
  metaData: v.optional(v.unknown()),
  c2aId: text,
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type Activity = v.InferOutput<typeof Activity>;

export const ActivityPage = pageOf(Activity);

import {
  type Attribute,
  type CreateEntityItem,
  CustomAttributeType,
  Entity,
  type EntityItem,
} from "electrodb";
import {
  CONTACT_STATUSES,
  type CustomFieldValues,
  DEVICE_TYPES,
  isCustomFieldValue,
  type OptoutChannel,
} from "../../contact/constants.ts";
import { SERVICE, timestamps } from "../attributes.ts";

/** One flag per channel of OPTOUT_CHANNELS; `satisfies` fails the build when the two lists part. */
const optoutChannels = {
  Voice: { type: "boolean" },
  SMS: { type: "boolean" },
  Email: { type: "boolean" },
} as const satisfies Record<OptoutChannel, Attribute>;

/**
 * Contact — a tenant's person to reach (spec 000 §3, 003 §3).
 * Access patterns: get by tenant + id; find by tenant + externalId (imports upsert, sparse gsi1).
 * Lists and searches go through the Search port, fed by the change stream.
 */
export const ContactEntity = new Entity({
  model: { entity: "contact", version: "1", service: SERVICE },
  attributes: {
    tenant: { type: "string", required: true, readOnly: true },
    id: { type: "string", required: true, readOnly: true },
    externalId: { type: "string" },
    /** `{tenant}#{externalId}`, kept by the domain code; the sparse upsert index is keyed on it. */
    externalKey: { type: "string", hidden: true },
    firstName: { type: "string", required: true },
    lastName: { type: "string", required: true },
    source: { type: "string" },
    phone: { type: "string" },
    cell: { type: "string" },
    email: { type: "string" },
    dateCreated: { type: "string" },
    address1: { type: "string" },
    address2: { type: "string" },
    city: { type: "string" },
    state: { type: "string" },
    zip: { type: "string" },
    timeZone: { type: "string", required: true, default: "Mountain" },
    dnc: { type: "boolean" },
    updatedBy: { type: "string" },
    /**
     * Values of the tenant's custom fields by `custom:{name}`. The names are the tenant's, so no map of
     * known properties can describe them: the attribute is stored as a free map ("any", as it always
     * was) and typed here; checkCustomFields decides which names and values a contact may hold.
     */
    customFields: {
      type: CustomAttributeType<CustomFieldValues>("any"),
      validate: (values?: CustomFieldValues) =>
        values === undefined || Object.values(values).every(isCustomFieldValue),
    },
    expireDt: { type: "string" },
    complianceRequired: { type: "boolean" },
    preview: { type: "boolean" },
    outboundCallerId: { type: "string" },
    /** Spec 002 §5: a balance has all four values. */
    balances: {
      type: "list",
      items: {
        type: "map",
        properties: {
          id: { type: "string", required: true },
          type: { type: "string", required: true },
          amount: { type: "number", required: true },
          age: { type: "number", required: true },
        },
      },
    },
    type: { type: "string" },
    /** An empty map is not stored (ElectroDB drops empty root maps), which reads the same: no opt-outs. */
    optout: { type: "map", properties: optoutChannels },
    mobileDevices: {
      type: "list",
      items: {
        type: "map",
        properties: {
          id: { type: "string", required: true },
          type: { type: DEVICE_TYPES, required: true },
        },
      },
    },
    contactAccountId: { type: "string" },
    status: { type: CONTACT_STATUSES, required: true, default: "Active" },
    ...timestamps,
  },
  indexes: {
    byTenant: { pk: { field: "pk", composite: ["tenant"] }, sk: { field: "sk", composite: ["id"] } },
    byExternalId: {
      index: "gsi1",
      // Sparse: only contacts with an externalId are in it. One composite, whose value starts with the
      // tenant, so changes that leave externalId alone need not restate it.
      condition: (attr) => typeof attr.externalKey === "string",
      pk: { field: "gsi1pk", composite: ["externalKey"] },
      sk: { field: "gsi1sk", composite: [] },
    },
  },
});

export type ContactItem = EntityItem<typeof ContactEntity>;
export type CreateContactItem = CreateEntityItem<typeof ContactEntity>;

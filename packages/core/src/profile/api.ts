import * as v from "valibot";
import { PageQuery, pageOf } from "../paging.ts";
import { CHANNEL_TYPES } from "./schema.ts";

/**
 * The dialing profiles API's answers and parameters (spec 002 §7 profileByTenant, getProfile, create,
 * update, delete; spec 003 §7.1 tenantPayProfiles), apart from schema.ts so the console can import the
 * form's rules without the server's paging.
 */

const timestamp = v.pipe(v.string(), v.isoTimestamp());

const ChannelAnswer = v.strictObject({
  type: v.picklist(CHANNEL_TYPES),
  order: v.number(),
  retryDelay: v.number(),
  maxAttempts: v.number(),
  maxContacts: v.nullable(v.number()),
  paymentProfileId: v.nullable(v.string()),
  paymentProfileName: v.nullable(v.string()),
  defaultTimeZone: v.nullable(v.string()),
});
export type ProfileChannel = v.InferOutput<typeof ChannelAnswer>;

/** A profile as the API answers it. */
export const Profile = v.strictObject({
  tenant: v.string(),
  id: v.string(),
  name: v.string(),
  useAi: v.boolean(),
  freshLIFO: v.boolean(),
  retryLIFO: v.boolean(),
  scrubber: v.strictObject({
    cell: v.boolean(),
    natDnc: v.boolean(),
    stateDnc: v.boolean(),
    orgDnc: v.boolean(),
    phoneDup: v.boolean(),
    contactDup: v.boolean(),
  }),
  retry: v.strictObject({
    ratio: v.number(),
    minDuration: v.number(),
    maxAttempts: v.number(),
    maxContacts: v.number(),
    custRetry: v.array(
      v.strictObject({
        name: v.string(),
        codes: v.array(v.number()),
        retriesbyattempt: v.array(
          v.strictObject({
            start: v.number(),
            end: v.number(),
            minDuration: v.number(),
            priority: v.number(),
          }),
        ),
        max: v.number(),
      }),
    ),
  }),
  ai: v.strictObject({ org: v.boolean(), system: v.boolean() }),
  compliance: v.strictObject({ regF: v.boolean() }),
  channels: v.array(ChannelAnswer),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type Profile = v.InferOutput<typeof Profile>;

export const ProfilePage = pageOf(Profile);
export const ProfileListQuery = PageQuery;
export const ProfileIdParam = v.object({ id: v.pipe(v.string(), v.maxLength(100)) });

/** GET /api/payment-profiles (spec 003 §7.1 tenantPayProfiles): what a non-voice channel may name. */
export const PaymentProfileList = v.strictObject({
  items: v.array(v.strictObject({ id: v.string(), name: v.string() })),
});

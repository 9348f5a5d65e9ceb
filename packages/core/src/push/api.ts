import * as v from "valibot";
import { PageQuery, pageOf } from "../paging.ts";
import { MAX_CREDENTIAL, ProjectName } from "./schema.ts";

/**
 * The mobile applications API (spec 001 §7 listMobileConfigurations, getMobileConfiguration, create,
 * update, delete MobileConfiguration) and the push project calls (POST /project/create,
 * POST /project/updateChannel, DELETE /project/delete), described once for validation, the OpenAPI
 * document and the shapes suite.
 */

export const MobileConfigurationListQuery = PageQuery;

export const MobileConfigurationIdParam = v.object({ id: v.pipe(v.string(), v.maxLength(100)) });

const timestamp = v.pipe(v.string(), v.isoTimestamp());

/**
 * An application as answered: the spec's fields, and instead of the write-only credentials whether each
 * was given (the push platform keeps them; nothing answers them).
 */
export const MobileConfiguration = v.strictObject({
  tenant: v.string(),
  id: v.string(),
  name: v.string(),
  description: v.string(),
  projectId: v.string(),
  androidEnabled: v.boolean(),
  iosEnabled: v.boolean(),
  androidApiKeySet: v.boolean(),
  iosCredentialsSet: v.boolean(),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type MobileConfiguration = v.InferOutput<typeof MobileConfiguration>;

export const MobileConfigurationPage = pageOf(MobileConfiguration);

/** A push platform project id as the platform makes them (Pinpoint: 32 hex digits). */
const ProjectId = v.pipe(
  v.string("projectId is required"),
  v.minLength(1, "projectId is required"),
  v.maxLength(100),
);
const Credential = v.pipe(v.string(), v.maxLength(MAX_CREDENTIAL));

/** POST /api/project/create. */
export const ProjectCreateBody = v.strictObject({ name: ProjectName });
export const ProjectCreated = v.strictObject({ projectId: v.string() });

/** POST /api/project/updateChannel: the spec's two bodies, told apart by `channel`. */
export const ProjectChannelBody = v.variant("channel", [
  v.strictObject({
    channel: v.literal("android"),
    projectId: ProjectId,
    apiKey: v.optional(Credential),
    enabled: v.boolean(),
  }),
  v.strictObject({
    channel: v.literal("ios"),
    projectId: ProjectId,
    certificate: v.optional(Credential),
    privateKey: v.optional(Credential),
    enabled: v.boolean(),
  }),
]);
export type ProjectChannelBody = v.InferOutput<typeof ProjectChannelBody>;
export const ProjectChannelUpdated = v.strictObject({
  projectId: v.string(),
  channel: v.picklist(["android", "ios"]),
  enabled: v.boolean(),
});

/** DELETE /api/project/delete, with the spec's field name. */
export const ProjectDeleteBody = v.strictObject({ ApplicationId: ProjectId });

/** The spec's sentence after a change, for clients that show the answer. */
export const ProjectMessage = v.strictObject({ message: v.string() });

import { type CreateEntityItem, Entity, type EntityItem } from "electrodb";
import { SERVICE, timestamps } from "../attributes.ts";

/**
 * PushProject — a tenant's claim on a push platform project, written as soon as the platform creates one
 * (POST /api/project/create or a new mobile application) and deleted with it. The platform's project ids
 * are global; /api/project/updateChannel and /delete touch a project only if the caller's tenant holds
 * its claim, so one tenant can never reach another's project.
 * Access patterns: get by tenant + projectId.
 */
export const PushProjectEntity = new Entity({
  model: { entity: "pushProject", version: "1", service: SERVICE },
  attributes: {
    tenant: { type: "string", required: true, readOnly: true },
    projectId: { type: "string", required: true, readOnly: true },
    name: { type: "string", required: true, readOnly: true },
    ...timestamps,
  },
  indexes: {
    byTenant: { pk: { field: "pk", composite: ["tenant"] }, sk: { field: "sk", composite: ["projectId"] } },
  },
});

export type PushProjectItem = EntityItem<typeof PushProjectEntity>;
export type CreatePushProjectItem = CreateEntityItem<typeof PushProjectEntity>;

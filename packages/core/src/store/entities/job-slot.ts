import { type CreateEntityItem, Entity, type EntityItem } from "electrodb";
import { SERVICE, timestamps } from "../attributes.ts";

/**
 * JobSlot — one of a tenant's few places for a queued or running job (core/job: MAX_ACTIVE_JOBS). A job is
 * created together with its slot in one transaction that fails when the slot is taken, so concurrent starts
 * can never exceed the limit; it is released in the same transaction that finishes the job.
 * The slots live in the reserved instance partition (as tenants do), so a worker starting up finds every
 * job it may have to resume with one query, and a tenant's slots with one begins-with on the sort key.
 * Access patterns: all slots (resume at start); a tenant's slots (the limit); get by tenant + slot.
 */
export const JobSlotEntity = new Entity({
  model: { entity: "jobSlot", version: "1", service: SERVICE },
  attributes: {
    tenant: { type: "string", required: true, readOnly: true },
    slot: { type: "number", required: true, readOnly: true },
    jobId: { type: "string", required: true, readOnly: true },
    kind: { type: "string", required: true, readOnly: true },
    ...timestamps,
  },
  indexes: {
    bySlot: { pk: { field: "pk", composite: [] }, sk: { field: "sk", composite: ["tenant", "slot"] } },
  },
});

export type JobSlotItem = EntityItem<typeof JobSlotEntity>;
export type CreateJobSlotItem = CreateEntityItem<typeof JobSlotEntity>;

import { type CreateEntityItem, CustomAttributeType, Entity, type EntityItem } from "electrodb";
import { SERVICE, timestamps } from "../attributes.ts";

/** Where a job is in its life (core/job): queued -> running -> done | failed | cancelled. */
export const JOB_STATES = ["queued", "running", "done", "failed", "cancelled"] as const;
export type JobState = (typeof JOB_STATES)[number];

/**
 * Job — one long operation of a tenant (an import, a pull, a bulk edit, a campaign build, an export),
 * run by a worker that holds its lease (core/job/runner.ts).
 * Access patterns: get by tenant + id; a tenant's jobs newest first (gsi1 by tenant, createdAt, id).
 * The jobs a worker must pick up are found through their slots (jobSlot), not by scanning jobs.
 */
export const JobEntity = new Entity({
  model: { entity: "job", version: "1", service: SERVICE },
  attributes: {
    tenant: { type: "string", required: true, readOnly: true },
    id: { type: "string", required: true, readOnly: true },
    kind: { type: "string", required: true, readOnly: true },
    state: { type: JOB_STATES, required: true, default: "queued" },
    /** What the job works on, as its kind reads it (JSON text: each kind has its own shape). */
    params: { type: "string", required: true, readOnly: true },
    /** A short description for lists: the file name, the connection's name. */
    label: { type: "string" },
    /** The tenant's slot it holds while queued or running (jobSlot). */
    slot: { type: "number", required: true, readOnly: true },
    /** Counts the kind keeps (read, imported, updated, rejected ...), written with each checkpoint. */
    counters: {
      type: CustomAttributeType<Record<string, number>>("any"),
      required: true,
      default: () => ({}),
    },
    /** How far it is, in the kind's unit (bytes of the file, contacts matched): for a bar and an ETA. */
    progress: {
      type: "map",
      properties: {
        done: { type: "number", required: true },
        total: { type: "number" },
        unit: { type: "string", required: true },
      },
    },
    /** Where to go on after a restart, as the kind wrote it (opaque JSON text). */
    checkpoint: { type: "string" },
    /** The blob key of its report (an import's rejected rows), once written. */
    reportKey: { type: "string" },
    /** Why it failed, or what the kind has to say about how it ended. */
    message: { type: "string" },
    cancelRequested: { type: "boolean" },
    /** The worker holding the job while it runs, and until when (epoch ms); renewed as it runs. */
    owner: { type: "string" },
    leaseExpiresAt: { type: "number" },
    /** How many times a worker claimed it: a job that kills its worker every time is failed, not retried for ever. */
    attempts: { type: "number", required: true, default: 0 },
    /** The email of who started it ("system" for scheduled work). */
    createdBy: { type: "string", required: true, readOnly: true },
    startedAt: { type: "string" },
    finishedAt: { type: "string" },
    ...timestamps,
  },
  indexes: {
    byTenant: { pk: { field: "pk", composite: ["tenant"] }, sk: { field: "sk", composite: ["id"] } },
    byCreated: {
      index: "gsi1",
      pk: { field: "gsi1pk", composite: ["tenant"] },
      sk: { field: "gsi1sk", composite: ["createdAt", "id"] },
    },
  },
});

export type JobItem = EntityItem<typeof JobEntity>;
export type CreateJobItem = CreateEntityItem<typeof JobEntity>;

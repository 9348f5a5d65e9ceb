import { type CreateEntityItem, CustomAttributeType, Entity, type EntityItem } from "electrodb";
import type { ScheduleExpression } from "../../scheduler/port.ts";
import type { ScheduleTarget } from "../../scheduler/target.ts";
import { SERVICE, timestamps } from "../attributes.ts";

/**
 * Schedule — a schedule of the embedded Scheduler adapter (packages/local/src/scheduler.ts), kept so a
 * restart reloads it; on AWS EventBridge Scheduler keeps them and nothing is written here. Instance-level
 * (as job slots): the runtime loads every schedule at start with one query; the tenant is in the target.
 * Access patterns: all schedules (start); get, put and delete by name.
 */
export const ScheduleEntity = new Entity({
  model: { entity: "schedule", version: "1", service: SERVICE },
  attributes: {
    name: { type: "string", required: true, readOnly: true },
    tenant: { type: "string", required: true },
    expression: { type: CustomAttributeType<ScheduleExpression>("any"), required: true },
    timezone: { type: "string", required: true },
    target: { type: CustomAttributeType<ScheduleTarget>("any"), required: true },
    enabled: { type: "boolean", required: true, default: true },
    ...timestamps,
  },
  indexes: {
    byName: { pk: { field: "pk", composite: [] }, sk: { field: "sk", composite: ["name"] } },
  },
});

export type ScheduleItem = EntityItem<typeof ScheduleEntity>;
export type CreateScheduleItem = CreateEntityItem<typeof ScheduleEntity>;

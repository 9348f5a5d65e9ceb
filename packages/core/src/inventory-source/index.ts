import { useTenant } from "../actor/index.ts";
import { readDynamicsCredentials } from "../dynamics/index.ts";
import { useStore } from "../env.ts";
import { VisibleError } from "../error/index.ts";
import { type InventorySource, type InventorySourceInput, NEEDS_DYNAMICS_CONNECTION } from "./api.ts";

/** The tenant's inventory source; ReachCX until one is saved. */
export async function readInventorySource(): Promise<InventorySource> {
  const tenant = useTenant();
  const [{ data }, dynamics] = await Promise.all([
    useStore().entities.inventorySource.get({ tenant }).go(),
    readDynamicsCredentials(),
  ]);
  return {
    source: data?.source ?? "ReachCX",
    dynamicsConnected: dynamics.connected,
    updatedAt: data?.updatedAt ?? null,
  };
}

/** Saves the source; Dynamics 365 only with a Dynamics connection, since campaigns would dial nothing. */
export async function saveInventorySource(input: InventorySourceInput): Promise<InventorySource> {
  const tenant = useTenant();
  if (input.source === "Dynamics 365" && !(await readDynamicsCredentials()).connected)
    throw new VisibleError("input", "inventory_source.no_connection", NEEDS_DYNAMICS_CONNECTION, [
      { path: "source", message: NEEDS_DYNAMICS_CONNECTION },
    ]);
  await useStore().entities.inventorySource.upsert({ tenant, source: input.source }).go();
  return readInventorySource();
}

import { queryOptions } from "@tanstack/react-query";
import { api, unwrap } from "../../lib/api.ts";
import { settingsKeys } from "../settings/api.ts";

/** ["inventorySource"]: the entity's name, so the live feed's change of it refreshes the accordion. */
export const inventorySourceKeys = { all: ["inventorySource"] as const };

export const inventorySourceQuery = () =>
  queryOptions({ queryKey: inventorySourceKeys.all, queryFn: () => unwrap(api["inventory-source"].$get()) });

export type InventorySourceBody = Parameters<(typeof api)["inventory-source"]["$put"]>[0]["json"];

export const saveInventorySource = (json: InventorySourceBody) =>
  unwrap(api["inventory-source"].$put({ json }));

/**
 * Under the settings key: the credentials are tenant-settings fields, so the wizard's save (seen by the
 * change feed as a tenantSettings change) refreshes the view.
 */
export const dynamicsCredentialsKeys = { all: [...settingsKeys.all, "dynamicsCredentials"] as const };

export const dynamicsCredentialsQuery = () =>
  queryOptions({
    queryKey: dynamicsCredentialsKeys.all,
    queryFn: () => unwrap(api["dynamics-credentials"].$get()),
  });

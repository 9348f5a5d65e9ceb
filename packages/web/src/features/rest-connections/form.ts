import type { UseFormReturnType } from "@mantine/form";
import type { MappingRow, RestAuth, RestMethod } from "@reachcx/core/rest-connection/schema";

export interface KeyValue {
  key: string;
  value: string;
  description: string;
}

/** The editor's values: every field of a connection, secrets as typed or as the API's mask. */
export interface ConnectionValues {
  name: string;
  endpoint: string;
  method: RestMethod;
  headers: KeyValue[];
  params: KeyValue[];
  auth: RestAuth;
  enabled: boolean;
  listPath: string;
  mapping: MappingRow[];
}

export type ConnectionForm = UseFormReturnType<ConnectionValues>;

export const TABS = ["authorization", "headers", "params", "settings", "logs"] as const;
export type Tab = (typeof TABS)[number];

/** The tab that shows the input an error's path names; name, method and endpoint sit above the tabs. */
export function tabOf(path: string): Tab | null {
  const head = path.split(".")[0];
  if (head === "auth") return "authorization";
  if (head === "headers") return "headers";
  if (head === "params") return "params";
  if (head === "enabled" || head === "listPath" || head === "mapping") return "settings";
  return null;
}

/** The first tab, in tab order, holding one of these errors: where a failed submit takes the user. */
export function firstTabWithError(paths: readonly string[]): Tab | null {
  const tabs = new Set(paths.map(tabOf));
  return TABS.find((tab) => tabs.has(tab)) ?? null;
}

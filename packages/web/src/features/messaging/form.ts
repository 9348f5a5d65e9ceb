import type { SmsMappings } from "@reachcx/core/messaging/api";
import type { Mapping } from "@reachcx/core/messaging/rules";

/** A mapping row of the form: a provider not chosen yet is null; `key` keeps React's rows apart. */
export type Row = Omit<Mapping, "provider"> & { provider: string | null; key: string };
export type Values = { enabled: boolean; mappings: Row[] };

let nextKey = 0;
const rowKey = () => `row-${nextKey++}`;

export const blankRow = (): Row => ({
  key: rowKey(),
  phone: "",
  nicPocGuid: "",
  nicPocName: "",
  provider: null,
  appKey: null,
  verified: false,
});

export const toValues = (data: SmsMappings): Values => ({
  enabled: data.enabled,
  mappings: data.mappings.map((m) => ({ ...m, key: rowKey() })),
});

/** What the API takes: the rows without their React keys. */
export const body = (values: Values) => ({
  enabled: values.enabled,
  mappings: values.mappings.map(({ key, ...m }) => m),
});

/** What a form holds, field by field in one order (answers list them in others), keys left out. */
const plain = (values: Values) =>
  JSON.stringify([
    values.enabled,
    values.mappings.map((m) => [m.phone, m.nicPocGuid, m.nicPocName, m.provider, m.appKey, m.verified]),
  ]);

export const sameValues = (a: Values, b: Values) => plain(a) === plain(b);

/**
 * Whether a newly loaded list replaces what the form shows: always the first time, later only when the
 * form still holds the list last loaded (no unsaved edits).
 */
export const takesReload = (shown: Values, lastLoaded: Values | null) =>
  lastLoaded === null || sameValues(shown, lastLoaded);

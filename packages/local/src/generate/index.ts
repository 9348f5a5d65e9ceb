import type { CustomFieldValues } from "@reachcx/core/contact/constants";
import type { CustomFieldDef } from "@reachcx/core/contact/custom-fields";
import { FIRST_NAMES, LAST_NAMES, PLACES, SOURCES, STREETS } from "./data.ts";

/** A small seeded generator (mulberry32) so the same seed always gives the same contacts. */
export function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(list: readonly T[]) => list[int(list.length)] as T;
  return { next, int, pick };
}

const digits = (r: ReturnType<typeof random>, n: number) =>
  Array.from({ length: n }, () => r.int(10)).join("");

export interface GeneratedContact {
  firstName: string;
  lastName: string;
  source: string;
  phone: string;
  cell?: string;
  email: string;
  address1: string;
  city: string;
  state: string;
  zip: string;
  timeZone: string;
  externalId: string;
  customFields: CustomFieldValues;
}

/**
 * Realistic synthetic contacts: US addresses whose city, state, zip prefix, area code and time zone agree;
 * phones in the spec's formats; custom fields for the types a tenant may define.
 */
export function* generateContacts(count: number, seed = 1): Generator<GeneratedContact> {
  const r = random(seed);
  for (let i = 0; i < count; i++) {
    const first = r.pick(FIRST_NAMES);
    const last = r.pick(LAST_NAMES);
    const [city, state, zip3, area, timeZone] = r.pick(PLACES);
    const phone =
      r.next() < 0.5
        ? `${area}-${200 + r.int(800)}-${digits(r, 4)}`
        : `${area}${200 + r.int(800)}${digits(r, 4)}`;
    yield {
      firstName: first,
      lastName: last,
      source: r.pick(SOURCES),
      phone,
      ...(r.next() < 0.6 ? { cell: `1${area}${200 + r.int(800)}${digits(r, 4)}` } : {}),
      email: `${first}.${last}${r.int(1000)}@example.com`.toLowerCase().replace(/[^a-z0-9.@-]/g, ""),
      address1: `${1 + r.int(9899)} ${r.pick(STREETS)}`,
      city,
      state,
      zip: `${zip3}${digits(r, 2)}`,
      timeZone,
      externalId: `GEN-${seed}-${i}`,
      customFields: {
        "custom:balanceDue": Math.round(r.next() * 500_000) / 100,
        "custom:lastPayment": Date.UTC(2026, r.int(11), 1 + r.int(28)),
        "custom:vip": r.next() < 0.1,
        "custom:accountRef": `ACC-${digits(r, 7)}`,
      },
    };
  }
}

/** The custom fields generated contacts carry; the loader adds them to the tenant when missing. */
export const GENERATED_CUSTOM_FIELDS = [
  { name: "balanceDue", displayName: "Balance Due", type: "Number" },
  { name: "lastPayment", displayName: "Last Payment", type: "DateTime" },
  { name: "vip", displayName: "VIP", type: "Boolean" },
  { name: "accountRef", displayName: "Account Ref", type: "String" },
] as const satisfies readonly CustomFieldDef[];

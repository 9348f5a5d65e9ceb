/** US state codes for contact state fields (spec 003 §9): the 50 states, DC and the inhabited territories. */
export const US_STATES = [
  "AL",
  "AK",
  "AZ",
  "AR",
  "CA",
  "CO",
  "CT",
  "DE",
  "FL",
  "GA",
  "HI",
  "ID",
  "IL",
  "IN",
  "IA",
  "KS",
  "KY",
  "LA",
  "ME",
  "MD",
  "MA",
  "MI",
  "MN",
  "MS",
  "MO",
  "MT",
  "NE",
  "NV",
  "NH",
  "NJ",
  "NM",
  "NY",
  "NC",
  "ND",
  "OH",
  "OK",
  "OR",
  "PA",
  "RI",
  "SC",
  "SD",
  "TN",
  "TX",
  "UT",
  "VT",
  "VA",
  "WA",
  "WV",
  "WI",
  "WY",
  "DC",
  "PR",
  "VI",
  "GU",
  "AS",
  "MP",
] as const;
export type UsState = (typeof US_STATES)[number];

/**
 * Contact time zones by their console names, with the IANA zone the dialer uses for callable windows.
 * Mountain is the default (spec 003 §9). Arizona keeps standard time all year.
 */
export const TIME_ZONES = {
  Eastern: "America/New_York",
  Central: "America/Chicago",
  Mountain: "America/Denver",
  Arizona: "America/Phoenix",
  Pacific: "America/Los_Angeles",
  Alaska: "America/Anchorage",
  Hawaii: "Pacific/Honolulu",
  Atlantic: "America/Puerto_Rico",
  Samoa: "Pacific/Pago_Pago",
  Chamorro: "Pacific/Guam",
} as const;
export type TimeZone = keyof typeof TIME_ZONES;
export const DEFAULT_TIME_ZONE: TimeZone = "Mountain";

export const CONTACT_STATUSES = ["Active", "InActive"] as const;
export const OPTOUT_CHANNELS = ["Voice", "SMS", "Email"] as const;

/** Mobile device platforms (spec 002 §2: the mobile platform option list; spec 003 §3 Device type). */
export const DEVICE_TYPES = ["android", "ios"] as const;

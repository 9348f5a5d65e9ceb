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
 * Contact time zones by their console names, with the IANA zone the dialer uses for callable windows
 * (spec 002 §9: "a fixed timezone list of about 60 entries"; the list itself is not shown, so this is
 * ours: the US and its territories first, then Canada, Latin America, Europe, Africa, Asia and Oceania).
 * Mountain is the default (spec 003 §9). Arizona and Saskatchewan keep standard time all year.
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
  Newfoundland: "America/St_Johns",
  Saskatchewan: "America/Regina",
  "Mexico City": "America/Mexico_City",
  Tijuana: "America/Tijuana",
  Cancun: "America/Cancun",
  "Central America": "America/Guatemala",
  Bogota: "America/Bogota",
  Lima: "America/Lima",
  Caracas: "America/Caracas",
  Santiago: "America/Santiago",
  "Buenos Aires": "America/Argentina/Buenos_Aires",
  "Sao Paulo": "America/Sao_Paulo",
  Greenland: "America/Nuuk",
  Azores: "Atlantic/Azores",
  "Cape Verde": "Atlantic/Cape_Verde",
  UTC: "Etc/UTC",
  London: "Europe/London",
  Dublin: "Europe/Dublin",
  Lisbon: "Europe/Lisbon",
  Paris: "Europe/Paris",
  Berlin: "Europe/Berlin",
  Madrid: "Europe/Madrid",
  Rome: "Europe/Rome",
  Warsaw: "Europe/Warsaw",
  Athens: "Europe/Athens",
  Helsinki: "Europe/Helsinki",
  Istanbul: "Europe/Istanbul",
  Moscow: "Europe/Moscow",
  Lagos: "Africa/Lagos",
  Johannesburg: "Africa/Johannesburg",
  Cairo: "Africa/Cairo",
  Nairobi: "Africa/Nairobi",
  Jerusalem: "Asia/Jerusalem",
  Riyadh: "Asia/Riyadh",
  Tehran: "Asia/Tehran",
  Dubai: "Asia/Dubai",
  Karachi: "Asia/Karachi",
  India: "Asia/Kolkata",
  Kathmandu: "Asia/Kathmandu",
  Dhaka: "Asia/Dhaka",
  Bangkok: "Asia/Bangkok",
  Jakarta: "Asia/Jakarta",
  Singapore: "Asia/Singapore",
  Manila: "Asia/Manila",
  "Hong Kong": "Asia/Hong_Kong",
  China: "Asia/Shanghai",
  Seoul: "Asia/Seoul",
  Tokyo: "Asia/Tokyo",
  Perth: "Australia/Perth",
  Adelaide: "Australia/Adelaide",
  Brisbane: "Australia/Brisbane",
  Sydney: "Australia/Sydney",
  Auckland: "Pacific/Auckland",
  Fiji: "Pacific/Fiji",
} as const;
export type TimeZone = keyof typeof TIME_ZONES;
export const DEFAULT_TIME_ZONE: TimeZone = "Mountain";

export const CONTACT_STATUSES = ["Active", "InActive"] as const;

/** What an activity log records (spec 003 §3 ActivityLog type). */
export const ACTIVITY_TYPES = ["System", "Dial", "Note", "PromptPay", "C2A"] as const;
export const OPTOUT_CHANNELS = ["Voice", "SMS", "Email"] as const;
export type OptoutChannel = (typeof OPTOUT_CHANNELS)[number];

/** Mobile device platforms (spec 002 §2: the mobile platform option list; spec 003 §3 Device type). */
export const DEVICE_TYPES = ["android", "ios"] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];

/**
 * The types a tenant's custom field can have (spec 000 §3). The settings schema, the store and the
 * contact form all take the list from here.
 */
export const CUSTOM_FIELD_TYPES = ["String", "Number", "DateTime", "Boolean", "Phone"] as const;
export type CustomFieldType = (typeof CUSTOM_FIELD_TYPES)[number];

/** A stored custom value: text (String, Phone), a number (Number; DateTime as epoch ms) or a boolean. */
export type CustomFieldValue = string | number | boolean;
/** A contact's custom values by `custom:{name}`. */
export type CustomFieldValues = Record<string, CustomFieldValue>;

export const isCustomFieldValue = (value: unknown): value is CustomFieldValue =>
  typeof value === "string" || typeof value === "number" || typeof value === "boolean";

import { TIME_ZONES } from "../../contact/constants.ts";

/**
 * Where a contact may be, as data: US states and territories -> the IANA zones they span, ZIP3 prefixes ->
 * state (the USPS allocation), NANP area codes -> state, and the contact `timeZone` names -> IANA zone.
 * Zones are represented by one zone per set of identical rules (America/New_York stands for every US
 * Eastern zone, America/Indiana/* included; America/Denver for Mountain, America/Boise included;
 * America/Puerto_Rico for Atlantic, St Thomas included; Pacific/Guam for Chamorro, Saipan included), so
 * a window class names as few zones as it can. Area codes we are not sure of are left out (they say
 * nothing); toll-free and non-geographic codes (8XX, 5XX, 900) are not here on purpose.
 */

const ET = "America/New_York";
const CT = "America/Chicago";
const MT = "America/Denver";
const AZ = "America/Phoenix";
const PT = "America/Los_Angeles";
const AKT = "America/Anchorage";
const HAT = "America/Adak";
const HT = "Pacific/Honolulu";
const AT = "America/Puerto_Rico";
const CHT = "Pacific/Guam";
const ST = "Pacific/Pago_Pago";

/** The US mainland and Hawaii zones: a contact nothing is known about may be in any of them. */
export const US_ZONES = [ET, CT, MT, AZ, PT, AKT, HAT, HT] as const;

/**
 * The zones each state or territory spans. Multi-zone states list every zone: FL (the Panhandle west of
 * the Apalachicola is Central), TX (El Paso and Hudspeth are Mountain), TN, KY, IN, MI (four Upper
 * Peninsula counties are Central), ND, SD, NE, KS, ID (north of the Salmon River is Pacific), OR (Malheur
 * is Mountain), NV (West Wendover is Mountain), AZ (no DST, but the Navajo Nation keeps Mountain DST),
 * AK (the Aleutians west of 169.5°W are Hawaii-Aleutian).
 */
export const STATE_ZONES: Readonly<Record<string, readonly string[]>> = {
  AL: [CT],
  AK: [AKT, HAT],
  AZ: [AZ, MT],
  AR: [CT],
  CA: [PT],
  CO: [MT],
  CT: [ET],
  DE: [ET],
  DC: [ET],
  FL: [ET, CT],
  GA: [ET],
  HI: [HT],
  ID: [MT, PT],
  IL: [CT],
  IN: [ET, CT],
  IA: [CT],
  KS: [CT, MT],
  KY: [ET, CT],
  LA: [CT],
  ME: [ET],
  MD: [ET],
  MA: [ET],
  MI: [ET, CT],
  MN: [CT],
  MS: [CT],
  MO: [CT],
  MT: [MT],
  NE: [CT, MT],
  NV: [PT, MT],
  NH: [ET],
  NJ: [ET],
  NM: [MT],
  NY: [ET],
  NC: [ET],
  ND: [CT, MT],
  OH: [ET],
  OK: [CT],
  OR: [PT, MT],
  PA: [ET],
  RI: [ET],
  SC: [ET],
  SD: [CT, MT],
  TN: [ET, CT],
  TX: [CT, MT],
  UT: [MT],
  VT: [ET],
  VA: [ET],
  WA: [PT],
  WV: [ET],
  WI: [CT],
  WY: [MT],
  PR: [AT],
  VI: [AT],
  GU: [CHT],
  MP: [CHT],
  AS: [ST],
};

/**
 * USPS ZIP3 prefixes by state, as inclusive ranges [first, last, state]. Military (AA/AE/AP) and
 * unassigned prefixes are absent; 969 (Guam, the Northern Marianas and the freely associated states) maps
 * to GU; the one American Samoa ZIP inside 967 (96799) is handled by `stateOfZip`.
 */
const ZIP3_RANGES: readonly (readonly [number, number, string])[] = [
  [5, 5, "NY"],
  [6, 7, "PR"],
  [8, 8, "VI"],
  [9, 9, "PR"],
  [10, 27, "MA"],
  [28, 29, "RI"],
  [30, 38, "NH"],
  [39, 49, "ME"],
  [50, 54, "VT"],
  [55, 55, "MA"],
  [56, 59, "VT"],
  [60, 69, "CT"],
  [70, 89, "NJ"],
  [100, 149, "NY"],
  [150, 196, "PA"],
  [197, 199, "DE"],
  [200, 200, "DC"],
  [201, 201, "VA"],
  [202, 205, "DC"],
  [206, 219, "MD"],
  [220, 246, "VA"],
  [247, 268, "WV"],
  [270, 289, "NC"],
  [290, 299, "SC"],
  [300, 319, "GA"],
  [320, 339, "FL"],
  [341, 349, "FL"],
  [350, 369, "AL"],
  [370, 385, "TN"],
  [386, 397, "MS"],
  [398, 399, "GA"],
  [400, 427, "KY"],
  [430, 459, "OH"],
  [460, 479, "IN"],
  [480, 499, "MI"],
  [500, 528, "IA"],
  [530, 549, "WI"],
  [550, 567, "MN"],
  [570, 577, "SD"],
  [580, 588, "ND"],
  [590, 599, "MT"],
  [600, 629, "IL"],
  [630, 658, "MO"],
  [660, 679, "KS"],
  [680, 693, "NE"],
  [700, 714, "LA"],
  [716, 729, "AR"],
  [730, 731, "OK"],
  [733, 733, "TX"],
  [734, 749, "OK"],
  [750, 799, "TX"],
  [800, 816, "CO"],
  [820, 831, "WY"],
  [832, 838, "ID"],
  [840, 847, "UT"],
  [850, 865, "AZ"],
  [870, 884, "NM"],
  [885, 885, "TX"],
  [889, 898, "NV"],
  [900, 961, "CA"],
  [967, 968, "HI"],
  [969, 969, "GU"],
  [970, 979, "OR"],
  [980, 994, "WA"],
  [995, 999, "AK"],
];

const ZIP3_STATE: readonly (string | undefined)[] = (() => {
  const table: (string | undefined)[] = new Array(1000);
  for (const [first, last, state] of ZIP3_RANGES) for (let n = first; n <= last; n++) table[n] = state;
  return table;
})();

/** The state of a US ZIP (5 digits, ZIP+4 allowed), or null when it is not one or its prefix is unassigned. */
export function stateOfZip(zip: string | null | undefined): string | null {
  const m = /^\s*(\d{5})(?:[\s-]?\d{4})?\s*$/.exec(zip ?? "");
  if (!m) return null;
  const zip5 = m[1] ?? "";
  if (zip5 === "96799") return "AS";
  return ZIP3_STATE[Number(zip5.slice(0, 3))] ?? null;
}

/** Geographic NANP area codes of the US and its territories, by state. */
const AREA_CODES_BY_STATE: Readonly<Record<string, readonly number[]>> = {
  AL: [205, 251, 256, 334, 659, 938],
  AK: [907],
  AZ: [480, 520, 602, 623, 928],
  AR: [327, 479, 501, 870],
  CA: [
    209, 213, 279, 310, 323, 350, 408, 415, 424, 442, 510, 530, 559, 562, 619, 626, 628, 650, 657, 661, 669,
    707, 714, 747, 760, 805, 818, 820, 831, 840, 858, 909, 916, 925, 949, 951,
  ],
  CO: [303, 719, 720, 970],
  CT: [203, 475, 860, 959],
  DE: [302],
  DC: [202, 771],
  FL: [239, 305, 321, 352, 386, 407, 448, 561, 656, 689, 727, 754, 772, 786, 813, 850, 863, 904, 941, 954],
  GA: [229, 404, 470, 478, 678, 706, 762, 770, 912],
  HI: [808],
  ID: [208, 986],
  IL: [217, 224, 309, 312, 331, 447, 464, 618, 630, 708, 773, 779, 815, 847, 872],
  IN: [219, 260, 317, 463, 574, 765, 812, 930],
  IA: [319, 515, 563, 641, 712],
  KS: [316, 620, 785, 913],
  KY: [270, 502, 606, 859],
  LA: [225, 318, 337, 504, 985],
  ME: [207],
  MD: [240, 301, 410, 443, 667],
  MA: [339, 351, 413, 508, 617, 774, 781, 857, 978],
  MI: [231, 248, 269, 313, 517, 586, 616, 679, 734, 810, 906, 947, 989],
  MN: [218, 320, 507, 612, 651, 763, 952],
  MS: [228, 601, 662, 769],
  MO: [314, 417, 557, 573, 636, 660, 816],
  MT: [406],
  NE: [308, 402, 531],
  NV: [702, 725, 775],
  NH: [603],
  NJ: [201, 551, 609, 640, 732, 848, 856, 862, 908, 973],
  NM: [505, 575],
  NY: [212, 315, 332, 347, 516, 518, 585, 607, 631, 646, 680, 716, 718, 838, 845, 914, 917, 929, 934],
  NC: [252, 336, 472, 704, 743, 828, 910, 919, 980, 984],
  ND: [701],
  OH: [216, 220, 234, 283, 326, 330, 380, 419, 436, 440, 513, 567, 614, 740, 937],
  OK: [405, 539, 572, 580, 918],
  OR: [458, 503, 541, 971],
  PA: [215, 223, 267, 272, 412, 445, 484, 570, 610, 717, 724, 814, 878],
  RI: [401],
  SC: [803, 839, 843, 854, 864],
  SD: [605],
  TN: [423, 615, 629, 731, 865, 901, 931],
  TX: [
    210, 214, 254, 281, 325, 346, 361, 409, 430, 432, 469, 512, 682, 713, 726, 737, 806, 817, 830, 832, 903,
    915, 936, 940, 945, 956, 972, 979,
  ],
  UT: [385, 435, 801],
  VT: [802],
  VA: [276, 434, 540, 571, 686, 703, 757, 804],
  WA: [206, 253, 360, 425, 509, 564],
  WV: [304, 681],
  WI: [262, 274, 414, 534, 608, 715, 920],
  WY: [307],
  PR: [787, 939],
  VI: [340],
  GU: [671],
  MP: [670],
  AS: [684],
};

export const AREA_CODE_STATE: ReadonlyMap<number, string> = new Map(
  Object.entries(AREA_CODES_BY_STATE).flatMap(([state, codes]) =>
    codes.map((code) => [code, state] as const),
  ),
);

/** The state of a phone number's area code (10 digits, or 11 with a leading 1), or null. */
export function stateOfPhone(phone: string | null | undefined): string | null {
  let digits = (phone ?? "").replace(/\D/g, "");
  if (digits.length === 11 && digits.startsWith("1")) digits = digits.slice(1);
  if (digits.length !== 10) return null;
  return AREA_CODE_STATE.get(Number(digits.slice(0, 3))) ?? null;
}

const validZones = new Map<string, boolean>();
function isIanaZone(name: string): boolean {
  let ok = validZones.get(name);
  if (ok === undefined) {
    try {
      new Intl.DateTimeFormat("en-US", { timeZone: name });
      ok = name.includes("/") || name === "UTC";
    } catch {
      ok = false;
    }
    validZones.set(name, ok);
  }
  return ok;
}

/** US zones that share their rules with a representative zone (see the module comment). */
const SAME_RULES: Readonly<Record<string, string>> = {
  "America/Indiana/Indianapolis": ET,
  "America/Indianapolis": ET,
  "America/Detroit": ET,
  "America/Kentucky/Louisville": ET,
  "America/Boise": MT,
  "America/St_Thomas": AT,
  "Pacific/Saipan": CHT,
  "US/Eastern": ET,
  "US/Central": CT,
  "US/Mountain": MT,
  "US/Pacific": PT,
  "US/Arizona": AZ,
  "US/Alaska": AKT,
  "US/Hawaii": HT,
};

/**
 * The IANA zone of a contact `timeZone`: a console name (TIME_ZONES, e.g. "Mountain") or an IANA name
 * passed straight through; null for anything else.
 */
export function zoneOfTimeZone(timeZone: string | null | undefined): string | null {
  const name = timeZone?.trim();
  if (!name) return null;
  const zone = (TIME_ZONES as Record<string, string>)[name] ?? (isIanaZone(name) ? name : null);
  return zone ? (SAME_RULES[zone] ?? zone) : null;
}

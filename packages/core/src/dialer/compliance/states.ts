/**
 * State calling rules stricter than the federal ones, by the contact's state (docs/compliance.md lists
 * each with its source). `start`/`end` narrow the federal 08:00-21:00 window (local time, end exclusive);
 * `perDay` caps the calls to one person in any 24 hours (we treat the tenant as "the same matter": the cap
 * counts a contact's attempts across all of the tenant's campaigns). None of these can be switched off.
 */
export interface StateRule {
  start: string;
  end: string;
  perDay?: number;
  source: string;
}

export const STATE_RULES: Readonly<Record<string, StateRule>> = {
  FL: {
    start: "08:00",
    end: "20:00",
    perDay: 3,
    source: "Florida Telephone Solicitation Act, Fla. Stat. § 501.059(8)(a) (as amended 2021)",
  },
  MD: {
    start: "08:00",
    end: "20:00",
    perDay: 3,
    source: "Maryland Stop the Spam Calls Act of 2023, Md. Code, Com. Law § 14-4503",
  },
  OK: {
    start: "08:00",
    end: "21:00",
    perDay: 3,
    source: "Oklahoma Telephone Solicitation Act of 2022, 15 O.S. § 775C.4",
  },
  WA: {
    start: "08:00",
    end: "20:00",
    source: "RCW 80.36.390(2)",
  },
};

/** The federal calling window, 47 CFR 64.1200(c)(1) (and Reg F 12 CFR 1006.6(b)(1)(i)): 08:00-21:00. */
export const FEDERAL_WINDOW = { start: "08:00", end: "21:00" } as const;

import fc from "fast-check";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import {
  DEFAULT_MAPPINGS,
  FieldMappingInput,
  FROM_REQUIRED_MESSAGE,
  hasRequiredTargets,
  MAPPING_TARGETS,
  NAME_REQUIRED_MESSAGE,
  REQUIRED_TARGETS_MESSAGE,
  TO_REQUIRED_MESSAGE,
  TO_UNIQUE_MESSAGE,
  UNKNOWN_TARGET_MESSAGE,
} from "./schema.ts";

const issues = (input: unknown) =>
  (v.safeParse(FieldMappingInput, input).issues ?? []).map((i) => [v.getDotPath(i) ?? "", i.message]);

const builtIn = Object.keys(MAPPING_TARGETS);
const target = fc.oneof(
  fc.constantFrom(...builtIn),
  fc.stringMatching(/^[a-z0-9_]{1,12}$/).map((name) => `custom:${name}`),
);
const header = fc.string({ minLength: 1, maxLength: 20 }).filter((s) => s.trim().length > 0);
const rows = fc.array(fc.record({ fromField: header, toField: target }), { maxLength: 25 });

describe("FieldMappingInput", () => {
  it("accepts the nine default rows of a new mapping (spec 001 §3)", () => {
    expect(DEFAULT_MAPPINGS.map((r) => `${r.fromField}->${r.toField}`)).toEqual([
      "ID->externalId",
      "FirstName->firstName",
      "LastName->lastName",
      "Phone->phone",
      "Cell->cell",
      "City->city",
      "State->state",
      "Zip->zip",
      "TimeZone->timeZone",
    ]);
    expect(issues({ name: "Default", mappings: DEFAULT_MAPPINGS })).toEqual([]);
  });

  it("says each of the spec's messages where the editor shows it", () => {
    expect(issues({ name: "  ", mappings: DEFAULT_MAPPINGS })).toEqual([["name", NAME_REQUIRED_MESSAGE]]);
    const blankRow = [...DEFAULT_MAPPINGS, { fromField: " ", toField: "" }];
    expect(issues({ name: "x", mappings: blankRow })).toEqual([
      ["mappings.9.fromField", FROM_REQUIRED_MESSAGE],
      ["mappings.9.toField", TO_REQUIRED_MESSAGE],
    ]);
    const twice = [...DEFAULT_MAPPINGS, { fromField: "Mobile", toField: "cell" }];
    expect(issues({ name: "x", mappings: twice })).toEqual([["mappings.9.toField", TO_UNIQUE_MESSAGE]]);
    expect(issues({ name: "x", mappings: DEFAULT_MAPPINGS.slice(1) })).toEqual([
      ["mappings", REQUIRED_TARGETS_MESSAGE],
    ]);
    expect(
      issues({ name: "x", mappings: [...DEFAULT_MAPPINGS, { fromField: "a", toField: "tenant" }] }),
    ).toEqual([["mappings.9.toField", UNKNOWN_TARGET_MESSAGE]]);
  });

  it("accepts exactly the rows with unique targets that include the required ones", () => {
    fc.assert(
      fc.property(rows, (mappings) => {
        const targets = mappings.map((r) => r.toField);
        const unique = new Set(targets).size === targets.length;
        const ok = v.safeParse(FieldMappingInput, { name: "m", mappings }).success;
        expect(ok).toBe(unique && hasRequiredTargets(mappings));
        const messages = issues({ name: "m", mappings }).map(([, m]) => m);
        expect(messages.includes(TO_UNIQUE_MESSAGE)).toBe(!unique);
      }),
    );
  });

  it("needs phone or cell but not both, and refuses any of the other required targets missing", () => {
    const required = ["externalId", "firstName", "lastName"];
    fc.assert(
      fc.property(
        fc.subarray(required),
        fc.subarray(["phone", "cell"]),
        fc.subarray(["city", "email", "custom:x"]),
        (base, contact, extra) => {
          const mappings = [...base, ...contact, ...extra].map((toField, i) => ({
            fromField: `h${i}`,
            toField,
          }));
          const ok = v.safeParse(FieldMappingInput, { name: "m", mappings }).success;
          expect(ok).toBe(base.length === 3 && contact.length > 0);
        },
      ),
    );
  });
});

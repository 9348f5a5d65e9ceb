import {
  APP_KEY_REQUIRED,
  ENABLE_NEEDS_MAPPING,
  NOT_UNIQUE,
  PHONE_REQUIRED,
  POC_REQUIRED,
  PROVIDER_REQUIRED,
  SmsMappingsInput,
} from "@reachcx/core/messaging/schema";
import { describe, expect, it } from "vitest";
import { schemaErrors } from "../../lib/validate.ts";
import { blankRow, body, sameValues, takesReload, toValues, type Values } from "./form.ts";

const errors = (values: Values) => schemaErrors(SmsMappingsInput)(body(values));
const stored = {
  enabled: true,
  mappings: [
    {
      phone: "3035550150",
      nicPocName: "Main",
      nicPocGuid: "poc-1",
      provider: "Twilio",
      verified: true,
      appKey: null,
    },
  ],
};

describe("the SMS mapping form", () => {
  it("shows core's messages on the row inputs' paths", () => {
    const values = { enabled: false, mappings: [blankRow()] };
    expect(errors(values)).toEqual({
      "mappings.0.phone": PHONE_REQUIRED,
      "mappings.0.nicPocGuid": POC_REQUIRED,
      "mappings.0.provider": PROVIDER_REQUIRED,
    });
    const mms = { ...blankRow(), phone: "3035550150", nicPocGuid: "poc-1", provider: "MMS" };
    expect(errors({ enabled: false, mappings: [mms] })).toEqual({ "mappings.0.appKey": APP_KEY_REQUIRED });
  });

  it("shows the list's own rules on the switch and under the table", () => {
    expect(errors({ enabled: true, mappings: [] })).toEqual({ enabled: ENABLE_NEEDS_MAPPING });
    const twice = toValues({
      ...stored,
      mappings: [...stored.mappings, { ...stored.mappings[0]!, phone: "1-303-555-0150" }],
    });
    expect(
      errors({
        ...twice,
        mappings: twice.mappings.map((m, i) => ({ ...m, phone: i ? "303-555-0150" : m.phone })),
      }),
    ).toEqual({
      mappings: NOT_UNIQUE,
    });
    expect(errors(toValues(stored))).toEqual({});
  });

  it("a stored list loads as it is: the same values whatever order the answer lists fields in", () => {
    const loaded = toValues(stored);
    const reordered = toValues({
      enabled: true,
      mappings: [
        {
          appKey: null,
          verified: true,
          provider: "Twilio",
          nicPocGuid: "poc-1",
          nicPocName: "Main",
          phone: "3035550150",
        },
      ],
    });
    expect(sameValues(loaded, reordered)).toBe(true);
    expect(body(loaded)).toEqual(stored);
  });

  it("a reload replaces the form unless it holds unsaved edits", () => {
    const loaded = toValues(stored);
    expect(takesReload(loaded, null)).toBe(true);
    expect(takesReload(toValues(stored), loaded)).toBe(true);
    const edited = { ...loaded, mappings: [{ ...loaded.mappings[0]!, phone: "3035550199" }] };
    expect(takesReload(edited, loaded)).toBe(false);
    expect(takesReload({ ...loaded, enabled: false }, loaded)).toBe(false);
  });
});

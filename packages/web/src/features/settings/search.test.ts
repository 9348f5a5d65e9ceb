import { describe, expect, it } from "vitest";
import { telephonySearch } from "./search.ts";

describe("the Telephony screen's URL", () => {
  it("keeps a known product and the form step", () => {
    expect(telephonySearch({ product: "Legacy Global", step: "form" })).toEqual({
      product: "Legacy Global",
      step: "form",
    });
    expect(telephonySearch({ product: "CXOne" })).toEqual({ product: "CXOne" });
  });

  it("drops what does not fit: an unknown product, a step without a product, another step", () => {
    expect(telephonySearch({ product: "cxone", step: "form" })).toEqual({});
    expect(telephonySearch({ step: "form" })).toEqual({});
    expect(telephonySearch({ product: "Legacy", step: "other" })).toEqual({ product: "Legacy" });
    expect(telephonySearch({ product: ["Legacy"] })).toEqual({});
  });
});

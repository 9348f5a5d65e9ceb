import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Utf8Check } from "./utf8.ts";

const check = (chunks: Uint8Array[]) => {
  const c = new Utf8Check();
  for (const chunk of chunks) if (!c.push(chunk)) break;
  c.end();
  return c.invalid;
};

describe("the UTF-8 check", () => {
  it("takes any text encoded as UTF-8, however it is cut into chunks (property)", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: "grapheme", maxLength: 200 }),
        fc.array(fc.nat(), { maxLength: 5 }),
        (text, cuts) => {
          const bytes = new TextEncoder().encode(text);
          const at = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
          const chunks = [0, ...at].map((start, i) => bytes.slice(start, at[i] ?? bytes.length));
          expect(check(chunks)).toBeUndefined();
        },
      ),
    );
  });

  it("agrees with a fatal TextDecoder on any bytes (property)", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 40 }), (bytes) => {
        let valid = true;
        try {
          new TextDecoder("utf-8", { fatal: true }).decode(bytes);
        } catch {
          valid = false;
        }
        expect(check([bytes]) === undefined).toBe(valid);
      }),
    );
  });

  it("says where the first bad character begins, and on which line", () => {
    const latin1 = new Uint8Array([0x61, 0x0a, 0x62, 0xe9, 0x2c]);
    expect(check([latin1])).toEqual({ offset: 3, line: 2 });
    expect(check([new Uint8Array([0xe2, 0x82])])).toEqual({ offset: 0, line: 1 });
    expect(check([new Uint8Array([0xed, 0xa0, 0x80])])).toEqual({ offset: 0, line: 1 });
  });
});

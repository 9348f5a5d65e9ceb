import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type CsvRow, readCsv } from "./index.ts";

const all = async (chunks: (string | Uint8Array)[], options = {}) => {
  const rows: CsvRow[] = [];
  for await (const row of readCsv(chunks, options)) rows.push(row);
  return rows;
};
const fieldsOf = (rows: CsvRow[]) => rows.map((r) => ("fields" in r ? r.fields : r.error));

describe("readCsv", () => {
  it("reads quotes, doubled quotes, separators and line breaks inside quotes, CRLF and a BOM", async () => {
    const text =
      '\uFEFFphone,name\r\n3035550100,"Smith, Ann"\r\n"3035550101","He said ""hi""\nthen left"\n3035550102,\n';
    expect(fieldsOf(await all([text]))).toEqual([
      ["phone", "name"],
      ["3035550100", "Smith, Ann"],
      ["3035550101", 'He said "hi"\nthen left'],
      ["3035550102", ""],
    ]);
  });

  it("gives the same rows however the text is cut into chunks, bytes included", async () => {
    const text = 'a,"b\r\nc",d\r\n"e""f",g\n';
    const whole = fieldsOf(await all([text]));
    for (let cut = 1; cut < text.length; cut++) {
      expect(fieldsOf(await all([text.slice(0, cut), text.slice(cut)]))).toEqual(whole);
      const bytes = new TextEncoder().encode(text);
      expect(fieldsOf(await all([bytes.slice(0, cut), bytes.slice(cut)]))).toEqual(whole);
    }
  });

  it("reports a row too long or with too many fields, and goes on with the next", async () => {
    const rows = await all([`ok,1\n${"x".repeat(50)},2\nnext,3\n`], { maxRowChars: 20 });
    expect(rows).toEqual([
      { row: 1, fields: ["ok", "1"] },
      { row: 2, error: "Row 2 is longer than 20 characters." },
      { row: 3, fields: ["next", "3"] },
    ]);
    expect(await all(["a,b,c,d\ne\n"], { maxFields: 2 })).toEqual([
      { row: 1, error: "Row 1 has more than 2 fields." },
      { row: 2, fields: ["e"] },
    ]);
  });

  it("reports a quote never closed", async () => {
    expect(await all(['a,"b\n'])).toEqual([{ row: 1, error: "Row 1 has a quote that is never closed." }]);
  });

  it("round-trips any table it is given, written the RFC 4180 way", async () => {
    const cell = fc.string({ maxLength: 8 });
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(cell, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 1, max: 7 }),
        async (table, size) => {
          // A lone empty field on its own line is a blank line, which the reader skips.
          const rows = table.filter((r) => !(r.length === 1 && r[0] === ""));
          const quote = (s: string) => (/[",\r\n]/.test(s) || s === "" ? `"${s.replaceAll('"', '""')}"` : s);
          const text = rows.map((r) => r.map(quote).join(",")).join("\r\n");
          const chunks = text.match(new RegExp(`[\\s\\S]{1,${size}}`, "g")) ?? [];
          expect(fieldsOf(await all(chunks))).toEqual(rows);
        },
      ),
    );
  });
});

describe("offsets and resuming", () => {
  it("goes on from any row's end with the same rows after it, byte offsets exact for UTF-8 (property)", async () => {
    const { default: fc } = await import("fast-check");
    const cell = fc.oneof(
      fc.string({ unit: "grapheme", maxLength: 6 }),
      fc.constantFrom('a"b', "x\r\ny", "é,ü", ""),
    );
    const quote = (s: string) => (/[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(cell, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 6 }),
        fc.constantFrom("\n", "\r\n", "\r"),
        fc.boolean(),
        async (rows, eol, bom) => {
          const text = (bom ? "\uFEFF" : "") + rows.map((r) => r.map(quote).join(",")).join(eol) + eol;
          const bytes = new TextEncoder().encode(text);
          const read = async (chunks: Uint8Array[], options: Parameters<typeof readCsv>[1]) => {
            const out: Record<string, unknown>[] = [];
            for await (const row of readCsv(chunks, options)) out.push(row as Record<string, unknown>);
            return out;
          };
          const whole = await read([bytes], { offsets: true });
          for (const [i, row] of whole.entries()) {
            const rest = await read([bytes.slice(row.end as number)], {
              offsets: true,
              resume: { offset: row.end as number, row: (row.row as number) + 1, cr: row.cr as boolean },
            });
            expect(rest).toEqual(whole.slice(i + 1));
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});

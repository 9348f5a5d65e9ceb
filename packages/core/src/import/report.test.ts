import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readCsv } from "../csv/index.ts";
import { MAX_REPORTED_VALUE, REPORT_HEADER, reportCell, reportLine } from "./report.ts";

const readBack = async (text: string) => {
  const rows: string[][] = [];
  for await (const row of readCsv([text])) if ("fields" in row) rows.push(row.fields);
  return rows;
};

describe("the import report", () => {
  it("prefixes cells a spreadsheet would run as a formula, and quotes what CSV needs quoted", () => {
    expect(reportCell("=1+1")).toBe("'=1+1");
    expect(reportCell("+cmd")).toBe("'+cmd");
    expect(reportCell("-2")).toBe("'-2");
    expect(reportCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(reportCell("\t=x")).toBe("'\t=x");
    expect(reportCell('=HYPERLINK("x","y")')).toBe(`"'=HYPERLINK(""x"",""y"")"`);
    expect(reportCell("plain")).toBe("plain");
    expect(reportCell("a,b")).toBe('"a,b"');
  });

  it("cuts a long value and keeps one line per problem", () => {
    const line = reportLine({ row: 4, column: "City", value: "y".repeat(10_000), message: "Too long" });
    expect(line.length).toBeLessThan(MAX_REPORTED_VALUE + 40);
    expect(line.endsWith("\r\n")).toBe(true);
  });

  it("reads back as the same four cells, none starting a formula (property)", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.nat(),
        fc.string({ maxLength: 30 }),
        fc.string({ maxLength: 60 }),
        fc.string({ maxLength: 40 }),
        async (row, column, value, message) => {
          const rows = await readBack(REPORT_HEADER + reportLine({ row, column, value, message }));
          expect(rows[0]).toEqual(["row", "column", "value", "message"]);
          const cells = rows[1] as string[];
          expect(cells).toHaveLength(4);
          for (const cell of cells) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
          const plain = (s: string) => (/^[=+\-@\t\r]/.test(s) ? `'${s}` : s);
          expect(cells).toEqual([String(row), plain(column), plain(value), plain(message)]);
        },
      ),
    );
  });
});

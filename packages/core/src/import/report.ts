import type { RowError } from "./row.ts";

/**
 * The import's error report (pure): one line per problem, `row,column,value,message`, RFC 4180 quoting.
 * A cell that a spreadsheet would read as a formula (starting with = + - @, or a tab or carriage return
 * before one) is prefixed with a single quote, so opening the report never runs what a file carried.
 */

export const REPORT_HEADER = "row,column,value,message\r\n";

const FORMULA = /^[=+\-@\t\r]/;

/** A cell made safe for spreadsheets, then quoted when CSV needs it. */
export function reportCell(value: string): string {
  const safe = FORMULA.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The longest value a report line keeps (a 10 MB cell is reported, not copied). */
export const MAX_REPORTED_VALUE = 200;

export function reportLine(error: RowError): string {
  const value =
    error.value.length > MAX_REPORTED_VALUE ? `${error.value.slice(0, MAX_REPORTED_VALUE)}…` : error.value;
  return `${[String(error.row), error.column, value, error.message].map(reportCell).join(",")}\r\n`;
}

/** A start-up failure with a one-line explanation for the person at the terminal. */
export class StartupError extends Error {
  override name = "StartupError";
}

/**
 * A whole-number setting of the environment: undefined when not set (or empty), else the number, or a
 * StartupError naming the setting and what it takes (`unit`: "of MiB", "of percent" ...).
 */
export function wholeNumberSetting(
  name: string,
  text: string | undefined,
  range: { min: number; max?: number; unit?: string },
): number | undefined {
  if (text === undefined || text === "") return undefined;
  const n = Number(text);
  if (Number.isInteger(n) && n >= range.min && n <= (range.max ?? Number.MAX_SAFE_INTEGER)) return n;
  const unit = range.unit ? ` ${range.unit}` : "";
  const bounds = range.max === undefined ? `${range.min} or more` : `from ${range.min} to ${range.max}`;
  throw new StartupError(`${name} must be a whole number${unit}, ${bounds} (got ${text}).`);
}

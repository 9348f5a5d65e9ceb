/** A start-up failure with a one-line explanation for the person at the terminal. */
export class StartupError extends Error {
  override name = "StartupError";
}

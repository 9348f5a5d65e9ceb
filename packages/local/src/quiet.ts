/**
 * Node 20 is what these machines have; the AWS SDK's notice about its future Node 22 floor is not
 * actionable here and would bury the start-up banner. Every other warning still prints.
 */
/** Imported first by the entry points, so it runs before any SDK module loads. */
export function quietSdkNodeWarning() {
  process.removeAllListeners("warning");
  process.on("warning", (w) => {
    const text = `${w.name}: ${w.message}`;
    if (!text.includes("NodeVersionSupportWarning")) console.warn(text);
  });
}

quietSdkNodeWarning();

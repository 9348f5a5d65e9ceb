/**
 * Node 20 is what these machines have; the AWS SDK's notice about its future Node 22 floor is not
 * actionable here and would bury the start-up banner. Every other warning still prints.
 */
export function quietSdkNodeWarning() {
  process.removeAllListeners("warning");
  process.on("warning", (w) => {
    if (w.name !== "NodeVersionSupportWarning") console.warn(`${w.name}: ${w.message}`);
  });
}

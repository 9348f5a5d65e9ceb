import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { inject } from "vitest";
import { type PushSimulatorState, SIMULATOR_FILE } from "../../packages/local/src/simulators/push.ts";

/** A certificate and key shaped as APNs wants them (PEM); the platform checks the shape, not a CA. */
export const PEM_CERTIFICATE = "-----BEGIN CERTIFICATE-----\nMIIBfake\n-----END CERTIFICATE-----";
export const PEM_KEY = "-----BEGIN PRIVATE KEY-----\nMIIEfake\n-----END PRIVATE KEY-----";

/** The embedded runtime's push platform, as its simulator keeps it in the test DATA_DIR. */
export function pushPlatform(): PushSimulatorState {
  const file = join(inject("dataDir"), SIMULATOR_FILE);
  if (!existsSync(file)) return { projects: {} };
  return JSON.parse(readFileSync(file, "utf8")) as PushSimulatorState;
}

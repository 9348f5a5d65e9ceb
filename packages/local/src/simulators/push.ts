import { createHash, randomBytes } from "node:crypto";
import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { PushError, type PushMessaging } from "@reachcx/core/push/port";

/**
 * The push platform in embedded mode (the PushMessaging port, as Pinpoint behaves for it): projects with
 * an Android and an iOS channel. It keeps no credential, only a SHA-256 fingerprint of each (tests check
 * which key reached the platform), in `DATA_DIR/push-simulator.json`, so projects survive a restart.
 *
 * Failure modes, for tests and demos, chosen by what the caller sends (as a payment sandbox's test cards):
 * - a project named `Fail Create...` is refused;
 * - the Android key or the iOS certificate `simulate-failure` is refused;
 * - a project named `Fail Delete...` cannot be deleted.
 * Like Pinpoint it also refuses an unknown project, enabling a channel that has no credentials, and an
 * iOS certificate or key that is not PEM.
 */

export const FAILING_CREDENTIAL = "simulate-failure";
export const SIMULATOR_FILE = "push-simulator.json";

export interface SimulatedChannel {
  enabled: boolean;
  /** sha256 of the API key, or of certificate + "\n" + private key; null before any was given. */
  fingerprint: string | null;
}

export interface SimulatedProject {
  name: string;
  createdAt: string;
  android: SimulatedChannel;
  ios: SimulatedChannel;
}

export interface PushSimulatorState {
  projects: Record<string, SimulatedProject>;
}

export const fingerprint = (...parts: string[]) =>
  createHash("sha256").update(parts.join("\n")).digest("hex");

function load(file: string | undefined): PushSimulatorState {
  if (!file || !existsSync(file)) return { projects: {} };
  const state = JSON.parse(readFileSync(file, "utf8")) as PushSimulatorState;
  return { projects: state.projects ?? {} };
}

export function pushSimulator(options: { dataDir?: string } = {}): PushMessaging & {
  state: PushSimulatorState;
} {
  const file = options.dataDir ? join(options.dataDir, SIMULATOR_FILE) : undefined;
  const state = load(file);
  // Written whole and renamed, so a crash mid-write never leaves half a file.
  const save = () => {
    if (!file) return;
    writeFileSync(`${file}.tmp`, JSON.stringify(state, null, 2), { mode: 0o600 });
    renameSync(`${file}.tmp`, file);
  };
  const project = (call: string, projectId: string) => {
    const found = Object.hasOwn(state.projects, projectId) ? state.projects[projectId] : undefined;
    if (!found) throw new PushError("not_found", `${call}: NotFoundException`);
    return found;
  };
  const refuse = (call: string) => new PushError("refused", `${call}: BadRequestException`);

  return {
    state,
    async createApp(name) {
      if (!name.trim() || name.startsWith("Fail Create")) throw refuse("CreateApp");
      const projectId = randomBytes(16).toString("hex");
      state.projects[projectId] = {
        name,
        createdAt: new Date().toISOString(),
        android: { enabled: false, fingerprint: null },
        ios: { enabled: false, fingerprint: null },
      };
      save();
      return { projectId };
    },
    async updateGcmChannel({ projectId, enabled, apiKey }) {
      const found = project("UpdateGcmChannel", projectId);
      if (apiKey === FAILING_CREDENTIAL) throw refuse("UpdateGcmChannel");
      const key = apiKey ? fingerprint(apiKey) : found.android.fingerprint;
      if (enabled && !key) throw refuse("UpdateGcmChannel");
      found.android = { enabled, fingerprint: key };
      save();
    },
    async updateApnsChannel({ projectId, enabled, certificate, privateKey }) {
      const found = project("UpdateApnsChannel", projectId);
      if (certificate === FAILING_CREDENTIAL) throw refuse("UpdateApnsChannel");
      if (!certificate !== !privateKey) throw refuse("UpdateApnsChannel");
      if (
        certificate &&
        (!certificate.includes("-----BEGIN CERTIFICATE-----") || !privateKey?.includes("PRIVATE KEY-----"))
      )
        throw refuse("UpdateApnsChannel");
      const held = certificate && privateKey ? fingerprint(certificate, privateKey) : found.ios.fingerprint;
      if (enabled && !held) throw refuse("UpdateApnsChannel");
      found.ios = { enabled, fingerprint: held };
      save();
    },
    async deleteApp(projectId) {
      const found = Object.hasOwn(state.projects, projectId) ? state.projects[projectId] : undefined;
      if (!found) return;
      if (found.name.startsWith("Fail Delete")) throw refuse("DeleteApp");
      delete state.projects[projectId];
      save();
    },
  };
}

import { randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { LocalCredentials } from "@reachcx/core/store/client";
import { StartupError } from "./errors.ts";

/** Every client of DynamoDB Local uses this region; with the key id it names the database file. */
export const REGION = "us-east-1";

/**
 * DynamoDB Local listens on every interface and checks no signature, but keeps a separate database per
 * access key id and region. A random key id, kept only in this file (mode 0600), is therefore what stops
 * anyone else who reaches its port: their credentials open an empty database of their own. DynamoDB
 * Local accepts only letters and digits in a key id and ignores the secret.
 */
const fresh = (): LocalCredentials => ({
  accessKeyId: randomBytes(20).toString("hex"),
  secretAccessKey: "unchecked-by-dynamodb-local",
});

/** The instance's credentials: made once per DATA_DIR and kept beside the data; fresh in memory. */
export function dynamoCredentials(dataDir: string | undefined): LocalCredentials {
  if (!dataDir) return fresh();
  const file = join(dataDir, "dynamodb-key.json");
  if (!existsSync(file)) {
    const credentials = fresh();
    writeFileSync(file, JSON.stringify(credentials), { mode: 0o600, flag: "wx" });
    return credentials;
  }
  try {
    const credentials = JSON.parse(readFileSync(file, "utf8")) as LocalCredentials;
    if (!/^[0-9a-f]{40}$/.test(credentials.accessKeyId) || typeof credentials.secretAccessKey !== "string")
      throw new Error("not a key made here");
    return credentials;
  } catch (err) {
    throw new StartupError(
      `${file} is damaged (${(err as Error).message}); move ${dataDir} away to start fresh.`,
    );
  }
}

const SHARED = "shared-local-instance.db";

/**
 * Versions that ran DynamoDB Local with -sharedDb kept everything in shared-local-instance.db. Once,
 * before DynamoDB Local starts, that file (and any SQLite journal beside it) becomes the database of
 * the instance's own key, so an upgraded DATA_DIR keeps all its data.
 */
export function adoptSharedDb(dbPath: string, credentials: LocalCredentials) {
  const own = `${credentials.accessKeyId}_${REGION}.db`;
  if (!existsSync(join(dbPath, SHARED)) || existsSync(join(dbPath, own))) return;
  // Journals first: the database moving last is what marks the move done.
  const journals = readdirSync(dbPath).filter((name) => name.startsWith(SHARED) && name !== SHARED);
  for (const name of [...journals, SHARED])
    renameSync(join(dbPath, name), join(dbPath, own + name.slice(SHARED.length)));
}

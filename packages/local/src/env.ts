import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type Env, provideEnv } from "@reachcx/core/env";
import { embeddedIdentity } from "@reachcx/core/identity/embedded";
import { outboxMail } from "@reachcx/core/mail/outbox";
import type { Search } from "@reachcx/core/search/port";
import { aesGcmSecrets } from "@reachcx/core/secrets/aesgcm";
import type { StoreService } from "@reachcx/core/store/entities";
import type { DirectoryBlobs } from "./blobs.ts";
import { StartupError } from "./errors.ts";
import { pushSimulator } from "./simulators/push.ts";

interface Keys {
  jwt: string;
  secrets: string;
}

/** Signing and encryption keys live beside the data so a restart keeps sessions and secrets readable. */
function loadKeys(dataDir: string | undefined): Keys {
  const fresh = () => ({
    jwt: randomBytes(32).toString("base64"),
    secrets: randomBytes(32).toString("base64"),
  });
  if (!dataDir) return fresh();
  const file = join(dataDir, "keys.json");
  if (!existsSync(file)) {
    const keys = fresh();
    writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
    return keys;
  }
  try {
    const keys = JSON.parse(readFileSync(file, "utf8")) as Keys;
    if (Buffer.from(keys.jwt, "base64").length !== 32 || Buffer.from(keys.secrets, "base64").length !== 32)
      throw new Error("wrong key length");
    return keys;
  } catch (err) {
    throw new StartupError(
      `${file} is damaged (${(err as Error).message}); move ${dataDir} away to start fresh.`,
    );
  }
}

/** The key blob links are signed with, derived from the instance's secrets key (blobs.ts). */
export const blobSecret = (dataDir: string | undefined) => Buffer.from(loadKeys(dataDir).secrets, "base64");

export const TABLE = "reachcx";

/** The embedded Env: the same core code, pointed at DynamoDB Local and local keys. */
export function buildEnv(options: {
  store: StoreService;
  dataDir?: string;
  search: Search;
  /** The blob directory (blobs.ts), made by the runtime with blobSecret's key. */
  blobs: DirectoryBlobs;
  /** The CXone simulator's URL: the discovery domain of tenants that name none. */
  cxoneUrl?: string;
  /** The Twilio simulator's URL: where the Twilio-kind provider check goes. */
  twilioUrl?: string;
  /** The instance's own listeners (DynamoDB Local, then the API) that tenants' URLs must not reach. */
  closedPorts?: Set<number>;
  /** Dispense by block claims (DIALER_BLOCK_CLAIMS=1; docs/dialer.md). */
  dialerBlockClaims?: boolean;
}): Env {
  const keys = loadKeys(options.dataDir);
  const { store } = options;
  return provideEnv({
    mode: "embedded",
    store,
    identity: embeddedIdentity({ store, key: Buffer.from(keys.jwt, "base64") }),
    secrets: aesGcmSecrets(Buffer.from(keys.secrets, "base64")),
    search: options.search,
    push: pushSimulator({ dataDir: options.dataDir }),
    blobs: options.blobs,
    mail: outboxMail(() => store),
    dialer: { blockClaims: options.dialerBlockClaims === true },
    ...(options.cxoneUrl
      ? {
          cxone: {
            discoveryDomain: options.cxoneUrl,
            legacyTokenUrl: `${options.cxoneUrl}/InContactAuthorizationServer/Token`,
          },
        }
      : {}),
    ...(options.twilioUrl ? { twilio: { accountsUrl: options.twilioUrl } } : {}),
    outbound: { closedPorts: options.closedPorts ?? new Set() },
  });
}

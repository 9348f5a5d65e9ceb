import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createDynamoClient } from "@reachcx/core/store/client";
import { createService } from "@reachcx/core/store/entities";
import type { DynamoConnection } from "./dynamo.ts";
import { TABLE } from "./env.ts";

/** What a running instance leaves in DATA_DIR/runtime.json, so `npm run generate` can reach its database. */
export interface RuntimeFile {
  dynamoEndpoint: string;
  dynamoCredentials: DynamoConnection["credentials"];
  port?: number;
}

const fileIn = (dataDir: string) => join(dataDir, "runtime.json");

/**
 * Writes the file; it holds the database key, so only the owner may read it (a file left by a killed run
 * is replaced, not rewritten in place with its old mode). Answers a function that removes it.
 */
export function writeRuntimeFile(dataDir: string, dynamo: DynamoConnection, port?: number) {
  const file = fileIn(dataDir);
  const content: RuntimeFile = {
    dynamoEndpoint: dynamo.endpoint,
    dynamoCredentials: dynamo.credentials,
    port,
  };
  rmSync(file, { force: true });
  writeFileSync(file, JSON.stringify(content), { mode: 0o600 });
  return () => rmSync(file, { force: true });
}

/** The running instance's connection, or undefined when none has written the file. */
export function readRuntimeFile(dataDir: string): RuntimeFile | undefined {
  try {
    return JSON.parse(readFileSync(fileIn(dataDir), "utf8")) as RuntimeFile;
  } catch {
    return undefined;
  }
}

/** The Store of a running instance, through the connection its runtime.json names (the CLI tools, benches). */
export function storeOf(running: RuntimeFile) {
  return createService(
    createDynamoClient({
      table: TABLE,
      endpoint: running.dynamoEndpoint,
      credentials: running.dynamoCredentials,
    }),
    TABLE,
  );
}

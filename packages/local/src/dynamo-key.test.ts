import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { adoptSharedDb, dynamoCredentials } from "./dynamo-key.ts";
import { StartupError } from "./errors.ts";

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));
const dataDir = () => {
  dir = mkdtempSync(join(tmpdir(), "reachcx-dynamo-key-"));
  return dir;
};

describe("dynamoCredentials", () => {
  it("makes a key once per DATA_DIR, readable by its owner only", () => {
    const data = dataDir();
    const first = dynamoCredentials(data);
    expect(first.accessKeyId).toMatch(/^[0-9a-f]{40}$/);
    expect(statSync(join(data, "dynamodb-key.json")).mode & 0o777).toBe(0o600);
    expect(dynamoCredentials(data)).toEqual(first);
    expect(dynamoCredentials(undefined).accessKeyId).not.toBe(dynamoCredentials(undefined).accessKeyId);
  });

  it("refuses a damaged key file with a one-line reason", () => {
    const data = dataDir();
    writeFileSync(join(data, "dynamodb-key.json"), '{"accessKeyId":"local"}');
    expect(() => dynamoCredentials(data)).toThrow(StartupError);
    expect(() => dynamoCredentials(data)).toThrow(/dynamodb-key\.json is damaged .*; move .* away/);
  });
});

describe("adoptSharedDb", () => {
  const credentials = { accessKeyId: "ab".repeat(20), secretAccessKey: "s" };
  const own = `${"ab".repeat(20)}_us-east-1.db`;

  it("moves the -sharedDb database and its journal under the key", () => {
    const db = join(dataDir(), "dynamodb");
    mkdirSync(db);
    writeFileSync(join(db, "shared-local-instance.db"), "data");
    writeFileSync(join(db, "shared-local-instance.db-journal"), "journal");
    adoptSharedDb(db, credentials);
    expect(readdirSync(db).sort()).toEqual([own, `${own}-journal`]);
    expect(readFileSync(join(db, own), "utf8")).toBe("data");
  });

  it("does it only once: a database of the key's own is never replaced", () => {
    const db = join(dataDir(), "dynamodb");
    mkdirSync(db);
    writeFileSync(join(db, own), "current");
    writeFileSync(join(db, "shared-local-instance.db"), "old");
    adoptSharedDb(db, credentials);
    expect(readFileSync(join(db, own), "utf8")).toBe("current");
    expect(readdirSync(db)).toContain("shared-local-instance.db");
  });
});

import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DynamoDBClient, ScanCommand } from "@aws-sdk/client-dynamodb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_MAPPINGS } from "../../packages/core/src/field-mapping/schema.ts";
import { DEFAULT_REST_MAPPING } from "../../packages/core/src/rest-connection/schema.ts";
import type { RuntimeFile } from "../../packages/local/src/runtime-file.ts";
import { signInAt, startServing } from "../support/processes.ts";
import { type Endpoints, startEndpoints } from "../support/rest-endpoints.ts";
import { INBOX, PASSWORD_USER, type SftpTestServer, startSftpServer } from "../support/sftp-server.ts";

/**
 * Issue 10 item 12: every credential the configuration area takes is sealed at rest, masked in every
 * answer and never logged. A whole instance of its own (npm start's entry point, LOG_LEVEL=debug, both
 * output streams kept) is given each credential through the API, made to use it (connection tests,
 * verifications, a REST Test, SFTP checks — successes and failures), and then:
 * - the raw table, scanned item by item, holds none of them in clear;
 * - no answer of the API holds one;
 * - the instance's output holds none.
 * Each credential carries a random mark, so a hit cannot be a coincidence.
 */

const mark = randomBytes(6).toString("hex");
const secret = (name: string) => `${name}-${mark}`;

let run: Awaited<ReturnType<typeof startServing>>;
let dir: string;
let headers: Record<string, string>;
let remote: Endpoints;
let sftp: SftpTestServer;
/** Every API answer body the test saw, to check none carried a credential back. */
const answers: string[] = [];
/** Every credential given to the instance. */
const given = new Set<string>();

async function api(path: string, init: { method?: string; body?: unknown } = {}) {
  const res = await fetch(`${run.url}${path}`, {
    method: init.method ?? "GET",
    headers: { ...headers, ...(init.body === undefined ? {} : { "content-type": "application/json" }) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  answers.push(text);
  return { status: res.status, json: text ? JSON.parse(text) : null };
}

/** Remembers a credential, and answers it for the request body. */
const give = (name: string) => {
  const value = secret(name);
  given.add(value);
  return value;
};

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "reachcx-secrets-"));
  [run, remote, sftp] = await Promise.all([
    startServing({ DATA_DIR: dir, DEMO_PASSWORD: "secrets-pass-1", LOG_LEVEL: "debug" }),
    startEndpoints(),
    startSftpServer(),
  ]);
  headers = await signInAt(run.url, "secrets-pass-1");
}, 90_000);

afterAll(async () => {
  await run?.stop();
  remote?.close();
  sftp?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function scanTable(): Promise<string[]> {
  const file = JSON.parse(readFileSync(join(dir, "runtime.json"), "utf8")) as RuntimeFile;
  const client = new DynamoDBClient({
    endpoint: file.dynamoEndpoint,
    region: "us-east-1",
    credentials: file.dynamoCredentials,
  });
  const items: string[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await client.send(
      new ScanCommand({ TableName: "reachcx", ExclusiveStartKey: start as never }),
    );
    for (const item of page.Items ?? []) items.push(JSON.stringify(item));
    start = page.LastEvaluatedKey;
  } while (start);
  client.destroy();
  return items;
}

describe("credentials of the configuration area", { timeout: 120_000 }, () => {
  it("are sealed in the table, masked in every answer and absent from the logs", async () => {
    // Legacy connection: the password, then a connection test with it (a failure: wrong password).
    const legacy = {
      icProduct: "Legacy",
      icUserName: "acme.dialer",
      icPassword: give("legacy-password"),
      icBU: "4600123",
      icApp: "ReachCX",
      icVendor: "Acme",
      icGetAuthTokenURL: `${remote.url}/ok`,
    };
    await api("/api/login/nic/test", { method: "POST", body: legacy });
    // Cloud connection: the application secret, saved, then tested with the mask.
    const cloud = {
      icProduct: "CXOne",
      icBU: "4600123",
      icAccessKey: "acme-access-key",
      icAppSecret: give("cxone-app-secret"),
    };
    expect((await api("/api/tenant-settings", { method: "PATCH", body: cloud })).status).toBe(200);
    await api("/api/login/nic/test", { method: "POST", body: { ...cloud, icAppSecret: "********" } });

    // Messaging providers: a Twilio token (verified against the simulator: a failed login) and a
    // Textel bearer token, both saved.
    const twilio = { accountSid: `AC${"0".repeat(32)}`, authToken: give("twilio-token") };
    await api("/api/sms-providers/Twilio/verify", { method: "POST", body: { fields: twilio } });
    expect(
      (await api("/api/sms-providers/Twilio", { method: "PUT", body: { fields: twilio, verified: false } }))
        .status,
    ).toBe(200);
    const textel = { bearerToken: give("textel-token") };
    expect(
      (await api("/api/sms-providers/Textel", { method: "PUT", body: { fields: textel, verified: false } }))
        .status,
    ).toBe(200);

    // REST connections: a bearer token and a basic password; a Test of each, one failing.
    for (const auth of [
      { type: "Bearer_Token", info: { token: give("rest-bearer") } },
      { type: "Basic_Auth", info: { username: "puller", password: give("rest-basic") } },
      { type: "API_Key", info: { key: "api_key", value: give("rest-api-key"), addTo: "queryParams" } },
    ]) {
      const body = {
        name: `Leads ${auth.type.replace("_", " ")}`,
        endpoint: `${remote.url}/ok`,
        auth,
        mapping: DEFAULT_REST_MAPPING,
      };
      const created = await api("/api/rest-connections", { method: "POST", body });
      expect(created.status, JSON.stringify(created.json)).toBe(201);
      await api("/api/rest-connections/test", { method: "POST", body: { ...body, id: created.json.id } });
      await api("/api/rest-connections/test", {
        method: "POST",
        body: { ...body, endpoint: `${remote.url}/fail` },
      });
      await api(`/api/rest-connections/${created.json.id}`);
    }

    // Mobile applications: channel keys go to the push platform only.
    const app = await api("/api/mobile-configurations", {
      method: "POST",
      body: {
        name: `Acme App ${mark}`,
        description: "Agents' app",
        androidEnabled: true,
        androidApiKey: give("android-key"),
        iosEnabled: true,
        certificate: `-----BEGIN CERTIFICATE-----\n${give("ios-certificate")}\n-----END CERTIFICATE-----`,
        privateKey: `-----BEGIN PRIVATE KEY-----\n${give("ios-private-key")}\n-----END PRIVATE KEY-----`,
      },
    });
    expect(app.status, JSON.stringify(app.json)).toBe(201);

    // SFTP: a check with a wrong password (a failed login), then an import connection and the export
    // form saved with a password, a private key and its passphrase.
    const wrong = give("sftp-wrong-password");
    const check = await api("/api/ftp-check", {
      method: "POST",
      body: {
        host: sftp.host,
        port: sftp.port,
        username: PASSWORD_USER.username,
        password: wrong,
        path: INBOX,
      },
    });
    expect(check.json).toMatchObject({ success: false });
    const mapping = await api("/api/field-mappings", {
      method: "POST",
      body: { name: "Inbox files", mappings: DEFAULT_MAPPINGS },
    });
    const key = `-----BEGIN OPENSSH PRIVATE KEY-----\n${give("sftp-key").padEnd(300, "A")}\n-----END OPENSSH PRIVATE KEY-----`;
    const sftpImport = await api("/api/sftp-imports", {
      method: "POST",
      body: {
        name: "Nightly leads",
        host: sftp.host,
        port: sftp.port,
        username: PASSWORD_USER.username,
        password: give("sftp-password"),
        privateKey: key,
        passphrase: give("sftp-passphrase"),
        path: INBOX,
        fieldMappingId: mapping.json.id,
      },
    });
    expect(sftpImport.status, JSON.stringify(sftpImport.json)).toBe(201);
    await api("/api/ftp-check", {
      method: "POST",
      body: {
        id: sftpImport.json.id,
        host: sftp.host,
        port: sftp.port,
        username: PASSWORD_USER.username,
        password: "********",
        path: INBOX,
      },
    });
    const exported = await api("/api/sftp-export", {
      method: "PUT",
      body: {
        ftpExportURL: sftp.host,
        ftpExportUserName: "exporter",
        ftpExportPassword: give("sftp-export-password"),
        ftpExportPort: sftp.port,
      },
    });
    expect(exported.status, JSON.stringify(exported.json)).toBe(200);

    // Everything read back.
    for (const path of [
      "/api/tenant-settings",
      "/api/sms-providers",
      "/api/sms-mappings",
      "/api/rest-connections",
      "/api/mobile-configurations",
      "/api/sftp-imports",
      `/api/sftp-imports/${sftpImport.json.id}`,
      "/api/sftp-export",
    ])
      expect((await api(path)).status, path).toBe(200);

    const table = await scanTable();
    const output = run.output();
    for (const value of given) {
      expect(
        table.filter((item) => item.includes(value)),
        `${value} in the table`,
      ).toEqual([]);
      expect(
        answers.filter((a) => a.includes(value)),
        `${value} in an answer`,
      ).toEqual([]);
      expect(output.includes(value), `${value} in the output`).toBe(false);
    }
    // The sealed values are there (a credential that is not stored at all would pass the scan too).
    const settings = table.find((item) => item.includes('"tenantSettings"') && item.includes("icAppSecret"));
    expect(settings).toBeDefined();
    // The instance did log: the check is not passing on an empty output.
    expect(output.length).toBeGreaterThan(1000);
  });
});

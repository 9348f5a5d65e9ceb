import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { MASK } from "../secrets/index.ts";
import {
  CREDENTIALS_MESSAGE,
  DEFAULT_PATH,
  DEFAULT_PORT,
  DEFAULT_READY_TIMEOUT_MS,
  FtpCheckInput,
  HOST_FORMAT_MESSAGE,
  HOST_LONG_MESSAGE,
  HOST_SHORT_MESSAGE,
  KEY_SHORT_MESSAGE,
  SftpExportInput,
  SftpImportInput,
} from "./schema.ts";

const messages = (schema: v.GenericSchema, input: unknown) =>
  (v.safeParse(schema, input).issues ?? []).map((issue) => [v.getDotPath(issue), issue.message]);

const base = {
  name: "Leads",
  host: "sftp.example.com",
  username: "importer",
  password: "long-enough",
  fieldMappingId: "m1",
};

describe("SFTP import rules", () => {
  it("fills the defaults: port 22, folder /, 10 s readyTimeout, no ciphers, no report email", () => {
    expect(v.parse(SftpImportInput, base)).toMatchObject({
      port: DEFAULT_PORT,
      path: DEFAULT_PATH,
      readyTimeout: DEFAULT_READY_TIMEOUT_MS,
      algorithms: { cipher: [] },
      reportEmail: "",
      privateKey: "",
      fileNameToSource: false,
    });
  });

  it("says the host's length in the spec's words, and refuses a URL or a host with a port", () => {
    expect(messages(SftpImportInput, { ...base, host: "a.io" })).toEqual([["host", HOST_SHORT_MESSAGE]]);
    expect(messages(SftpImportInput, { ...base, host: "h".repeat(81) })).toEqual([
      ["host", HOST_LONG_MESSAGE],
    ]);
    expect(messages(SftpImportInput, { ...base, host: "sftp://files.example.com" })).toEqual([
      ["host", HOST_FORMAT_MESSAGE],
    ]);
    expect(messages(SftpImportInput, { ...base, host: "files.example.com:22" })).toEqual([
      ["host", HOST_FORMAT_MESSAGE],
    ]);
    expect(messages(SftpImportInput, { ...base, host: "10.0.0.12" })).toEqual([]);
    expect(messages(SftpImportInput, { ...base, host: "fd00::1" })).toEqual([]);
  });

  it("needs a password or a key; a MASK counts as one and skips the length rules", () => {
    expect(messages(SftpImportInput, { ...base, password: "" })).toEqual([["password", CREDENTIALS_MESSAGE]]);
    expect(messages(SftpImportInput, { ...base, password: MASK })).toEqual([]);
    expect(messages(SftpImportInput, { ...base, password: "", privateKey: MASK })).toEqual([]);
    expect(messages(SftpImportInput, { ...base, privateKey: "k".repeat(255) })).toEqual([
      ["privateKey", KEY_SHORT_MESSAGE],
    ]);
    expect(messages(SftpImportInput, { ...base, password: "", privateKey: "k".repeat(256) })).toEqual([]);
  });

  it("the check and the export apply the same credential rule", () => {
    expect(messages(FtpCheckInput, { host: "sftp.example.com", username: "u", password: "" })).toEqual([
      ["password", CREDENTIALS_MESSAGE],
    ]);
    expect(
      messages(SftpExportInput, {
        ftpExportURL: "sftp.example.com",
        ftpExportUserName: "u",
        ftpExportPassword: "",
        ftpImportKey: "",
      }),
    ).toEqual([["ftpExportPassword", CREDENTIALS_MESSAGE]]);
  });
});

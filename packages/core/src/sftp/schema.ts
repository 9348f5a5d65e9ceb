import * as v from "valibot";
import { boundedArray } from "../bounds.ts";
import { isMask } from "../secrets/index.ts";

/**
 * The SFTP forms' rules (spec 001 §3 FtpImport and the export values, §5 "SFTP import", "SFTP export",
 * "Test Connection", §9), shared by the API and the screens. Secrets travel as text on the way in and as
 * MASK on the way out; a MASK sent back keeps the stored secret (imports.ts, export.ts).
 */

/** Spec 001 §5 and §8, verbatim (typos and capitals included). */
export const HOST_REQUIRED_MESSAGE = "You must provide a host to connect to";
export const HOST_SHORT_MESSAGE = "The Import URL must be 5 Characters long";
export const HOST_LONG_MESSAGE = "The Import URL can be a maximum of 80 Characters long";
export const NAME_REQUIRED_MESSAGE = "You must give the import a name";
export const KEY_SHORT_MESSAGE = "The Import Key must be at least 256 Characters long";
export const MAPPING_REQUIRED_MESSAGE = "A mapping is required to handle importing contacts";
export const EMAIL_MESSAGE = "Invalid email address";
export const CREDENTIALS_MESSAGE =
  "You must provide a URL, UserName, and either a sftp key or a password for a valid connection";
export const CHECK_FAILED_MESSAGE = "Connection unsuccessful, Please check connection settings.";
export const CHECK_OK_MESSAGE = "Connection Test Successful!";
export const SAVED_MESSAGE = "Save Successful.";
export const saveFailedMessage = (error: string) => `Save Failed. ${error}`;

/** Ours: the spec states these limits without a sentence (docs/decisions.md, SFTP). */
export const USERNAME_REQUIRED_MESSAGE = "You must provide a user name";
export const PASSWORD_SHORT_MESSAGE = "The password must be at least 8 Characters long";
export const PATH_MESSAGE = "The folder must be 1 to 40 Characters long";
export const PORT_MESSAGE = "The port must be a whole number from 0 to 65535";
export const HOST_FORMAT_MESSAGE = "Enter a host name or IP address only (no sftp://, path or port)";
export const EXPORT_HOST_SHORT_MESSAGE = "The Export URL must be 5 Characters long";
export const EXPORT_HOST_LONG_MESSAGE = "The Export URL can be a maximum of 80 Characters long";
export const READY_TIMEOUT_MESSAGE = "The timeout must be from 1000 to 20000 milliseconds";

export const DEFAULT_PORT = 22;
export const DEFAULT_PATH = "/";
/** How long a check waits for the SSH handshake and login (ssh2's readyTimeout), unless the form says. */
export const DEFAULT_READY_TIMEOUT_MS = 10_000;
/** A check must answer well inside the API's own deadline, whatever a connection asks for. */
export const MAX_READY_TIMEOUT_MS = 20_000;

/** The ciphers an import may pin (spec 001 §3 algorithms{cipher}): what ssh2 speaks, strongest first. */
export const SFTP_CIPHERS = [
  "aes128-gcm@openssh.com",
  "aes256-gcm@openssh.com",
  "chacha20-poly1305@openssh.com",
  "aes128-ctr",
  "aes192-ctr",
  "aes256-ctr",
  "aes256-cbc",
  "aes192-cbc",
  "aes128-cbc",
  "3des-cbc",
] as const;
export type SftpCipher = (typeof SFTP_CIPHERS)[number];
export const isCipher = (name: string): name is SftpCipher =>
  (SFTP_CIPHERS as readonly string[]).includes(name);

/** A host name (letters, digits, dots, hyphens) or an IPv4/IPv6 address: what a socket can be opened to. */
const HOST =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*\.?|\[?[0-9A-Fa-f:.]+\]?)$/;

const when = (ok: (value: string) => boolean, message: string) =>
  v.check((value: string) => value === "" || ok(value), message);

const host = (short: string, long: string) =>
  v.pipe(
    v.string(HOST_REQUIRED_MESSAGE),
    v.trim(),
    v.minLength(1, HOST_REQUIRED_MESSAGE),
    when((value) => value.length >= 5, short),
    v.maxLength(80, long),
    when((value) => value.length < 5 || HOST.test(value), HOST_FORMAT_MESSAGE),
  );

const username = v.pipe(
  v.string(USERNAME_REQUIRED_MESSAGE),
  v.trim(),
  v.minLength(1, USERNAME_REQUIRED_MESSAGE),
  v.maxLength(100, "A user name can be at most 100 characters long"),
);

/** A secret as a form sends it: "" for none, MASK to keep the stored one, or new text within its bounds. */
const secret = (min: number, message: string, max: number) =>
  v.optional(
    v.pipe(
      v.string(),
      v.maxLength(max, `Must be ${max} characters or less`),
      v.check((value) => value === "" || isMask(value) || value.length >= min, message),
    ),
    "",
  );

export const Password = secret(8, PASSWORD_SHORT_MESSAGE, 1000);
/** A private key in OpenSSH or PEM text; the spec's minimum keeps a pasted fingerprint or path out. */
export const PrivateKey = secret(256, KEY_SHORT_MESSAGE, 16_000);
/** Ours: the passphrase of an encrypted private key (spec 001 names none; docs/decisions.md). */
export const Passphrase = v.optional(
  v.pipe(v.string(), v.maxLength(1000, "Must be 1000 characters or less")),
  "",
);

export const Port = v.optional(
  v.pipe(
    v.number(PORT_MESSAGE),
    v.integer(PORT_MESSAGE),
    v.minValue(0, PORT_MESSAGE),
    v.maxValue(65535, PORT_MESSAGE),
  ),
  DEFAULT_PORT,
);

export const Path = v.optional(
  v.pipe(v.string(PATH_MESSAGE), v.trim(), v.minLength(1, PATH_MESSAGE), v.maxLength(40, PATH_MESSAGE)),
  DEFAULT_PATH,
);

export const ReadyTimeout = v.optional(
  v.pipe(
    v.number(READY_TIMEOUT_MESSAGE),
    v.integer(READY_TIMEOUT_MESSAGE),
    v.minValue(1000, READY_TIMEOUT_MESSAGE),
    v.maxValue(MAX_READY_TIMEOUT_MS, READY_TIMEOUT_MESSAGE),
  ),
  DEFAULT_READY_TIMEOUT_MS,
);

export const Algorithms = v.optional(
  v.strictObject({
    cipher: boundedArray(
      v.picklist(SFTP_CIPHERS, "Not a cipher this server speaks"),
      SFTP_CIPHERS.length,
      "Too many ciphers",
    ),
  }),
  { cipher: [] },
);

const ReportEmail = v.optional(
  v.pipe(
    v.string(EMAIL_MESSAGE),
    v.trim(),
    v.maxLength(254, EMAIL_MESSAGE),
    when((value) => v.is(v.pipe(v.string(), v.email()), value), EMAIL_MESSAGE),
  ),
  "",
);

/** Spec 001 §5 "Test Connection": a user name, a host and either a password or a key. */
export const hasCredentials = (values: { password?: string; privateKey?: string }) =>
  Boolean(values.password) || Boolean(values.privateKey);

/** What the import form saves, for a new connection and a change alike (the form sends every field). */
export const SftpImportInput = v.pipe(
  v.strictObject({
    name: v.pipe(
      v.string(NAME_REQUIRED_MESSAGE),
      v.trim(),
      v.minLength(1, NAME_REQUIRED_MESSAGE),
      v.maxLength(100, "A name can be at most 100 characters long"),
    ),
    host: host(HOST_SHORT_MESSAGE, HOST_LONG_MESSAGE),
    port: Port,
    username,
    password: Password,
    privateKey: PrivateKey,
    passphrase: Passphrase,
    path: Path,
    fieldMappingId: v.pipe(
      v.string(MAPPING_REQUIRED_MESSAGE),
      v.trim(),
      v.minLength(1, MAPPING_REQUIRED_MESSAGE),
      v.maxLength(100, MAPPING_REQUIRED_MESSAGE),
    ),
    fileNameToSource: v.optional(v.boolean(), false),
    algorithms: Algorithms,
    readyTimeout: ReadyTimeout,
    reportEmail: ReportEmail,
  }),
  v.forward(v.partialCheck([["password"], ["privateKey"]], hasCredentials, CREDENTIALS_MESSAGE), [
    "password",
  ]),
);
export type SftpImportInput = v.InferOutput<typeof SftpImportInput>;
export type SftpImportValues = v.InferInput<typeof SftpImportInput>;

/** The export form (spec 001 §3 "SFTP export values", §5 "SFTP export"), with the spec's field names. */
export const SftpExportInput = v.pipe(
  v.strictObject({
    ftpExportURL: host(EXPORT_HOST_SHORT_MESSAGE, EXPORT_HOST_LONG_MESSAGE),
    ftpExportUserName: username,
    ftpExportPassword: Password,
    ftpImportKey: PrivateKey,
    ftpExportPort: Port,
  }),
  v.forward(
    v.partialCheck(
      [["ftpExportPassword"], ["ftpImportKey"]],
      (values) => hasCredentials({ password: values.ftpExportPassword, privateKey: values.ftpImportKey }),
      CREDENTIALS_MESSAGE,
    ),
    ["ftpExportPassword"],
  ),
);
export type SftpExportInput = v.InferOutput<typeof SftpExportInput>;
export type SftpExportValues = v.InferInput<typeof SftpExportInput>;

/**
 * POST /api/ftp-check (spec 001 §7 "the SFTP form values"): the import form's field names, which the
 * export form maps onto. A MASK takes the stored secret of the saved import connection `id`, or of the
 * saved export form when `export` is true.
 */
export const FtpCheckInput = v.pipe(
  v.strictObject({
    id: v.optional(v.pipe(v.string(), v.maxLength(100))),
    export: v.optional(v.boolean(), false),
    host: host(HOST_SHORT_MESSAGE, HOST_LONG_MESSAGE),
    port: Port,
    username,
    password: Password,
    privateKey: PrivateKey,
    passphrase: Passphrase,
    path: Path,
    algorithms: Algorithms,
    readyTimeout: ReadyTimeout,
  }),
  v.forward(v.partialCheck([["password"], ["privateKey"]], hasCredentials, CREDENTIALS_MESSAGE), [
    "password",
  ]),
);
export type FtpCheckInput = v.InferOutput<typeof FtpCheckInput>;

/** SFTP import connections and the export target (spec 001 §2.3, §3, §4, §5, §7): rules, store, check. */
export * from "./check.ts";
export { checkSftp, type SftpCheck, type SftpFailure, type SftpLogin } from "./client.ts";
export * from "./export.ts";
export * from "./imports.ts";
export * from "./schema.ts";
export { NO_SAVED_SECRET_MESSAGE } from "./secrets.ts";

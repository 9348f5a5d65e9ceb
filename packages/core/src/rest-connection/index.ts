/** REST connections (spec 001 §3, §4, §5, §7): rules, store access, the request builder and the Test. */
export * from "./connections.ts";
export * from "./list-path.ts";
export * from "./log.ts";
export * from "./request.ts";
export * from "./schema.ts";
export { TEST_MAX_BYTES, TEST_TIMEOUT_MS, testRestRequest } from "./test.ts";

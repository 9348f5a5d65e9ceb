import { Logger } from "@aws-lambda-powertools/logger";

/**
 * Structured JSON logs; request id and tenant are appended per request by the API's middleware.
 * Secrets are never passed to it. The level is set by the Env builder (LOG_LEVEL).
 */
export const log = new Logger({ serviceName: "reachcx" });

import { handle } from "hono/aws-lambda";
import { buildAwsEnv } from "../env.ts";
import { createApi } from "./app.ts";

buildAwsEnv();

/** API Gateway HTTP API -> the same Hono app the embedded server runs. */
export const handler = handle(createApi());

import { FtpCheckAnswer } from "@reachcx/core/sftp/api";
import { FtpCheckInput, ftpCheck, type SftpCheckLog } from "@reachcx/core/sftp/index";
import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { log } from "../../log.ts";
import type { AuthVars } from "../auth.ts";
import { jsonAnswer } from "../describe.ts";
import { valid } from "../validate.ts";

/** A failed check, logged with its kind and a short code only (core never passes a host's text or a secret). */
const logCheck: SftpCheckLog = (event, detail) => log.warn(event, { sftp: detail });

/**
 * POST /api/ftp-check (spec 001 §7 "the SFTP form values" → "success indicator"): a real SFTP login and
 * a listing of the folder, under the outbound policy, answered within the connection's readyTimeout.
 * A failed check is an answer (200, success false, the spec's message), not an error: the form's values
 * were valid, the server behind them was not.
 */
export const ftpCheckRoute = new Hono<AuthVars>().post(
  "/",
  describeRoute({
    tags: ["SFTP"],
    summary:
      "Test an SFTP connection: log in (password or private key) and list the folder; a MASK takes the saved connection's secret (id, or export: true)",
    responses: {
      200: jsonAnswer("Whether the login and listing worked, with the spec's message", FtpCheckAnswer),
    },
  }),
  valid("json", FtpCheckInput),
  async (c) => c.json(await ftpCheck(c.req.valid("json"), logCheck), 200),
);

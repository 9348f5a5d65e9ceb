import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { requestId } from "hono/request-id";
import { secureHeaders } from "hono/secure-headers";
import { assertAccessTable, enforceAccess } from "./access.ts";
import type { AuthVars } from "./auth.ts";
import { docs } from "./docs.ts";
import { methodNotAllowed } from "./method.ts";
import { onError, problem } from "./problem.ts";
import { admin } from "./routes/admin.ts";
import { auth } from "./routes/auth.ts";
import { bulkEdit } from "./routes/bulk-edit.ts";
import { cacheSchedule } from "./routes/campaign-schedule.ts";
import { cacheStatus } from "./routes/campaign-status.ts";
import { cache, campaigns } from "./routes/campaigns.ts";
import { cmsOnboard } from "./routes/cms-onboard.ts";
import { contactImport } from "./routes/contact-import.ts";
import { contacts } from "./routes/contacts.ts";
import { customFields } from "./routes/custom-fields.ts";
import { dialerResults } from "./routes/dialer-results.ts";
import { dnc } from "./routes/dnc.ts";
import { downloads } from "./routes/downloads.ts";
import { dynamicsCredentials } from "./routes/dynamics-credentials.ts";
import { exportRoutes } from "./routes/export.ts";
import { fieldMappings } from "./routes/field-mappings.ts";
import { ftpCheckRoute } from "./routes/ftp-check.ts";
import { health } from "./routes/health.ts";
import { inventorySource } from "./routes/inventory-source.ts";
import { jobs } from "./routes/jobs.ts";
import { loginNic } from "./routes/login-nic.ts";
import { mobileConfigurations } from "./routes/mobile-configurations.ts";
import { outbox } from "./routes/outbox.ts";
import { dispositions, paymentProfiles, profiles } from "./routes/profiles.ts";
import { project } from "./routes/project.ts";
import { restConnections } from "./routes/rest-connections.ts";
import { segments } from "./routes/segments.ts";
import { sftpExport, sftpImports } from "./routes/sftp.ts";
import { skills } from "./routes/skills.ts";
import { smsMappings, smsPointsOfContactRoute, smsProviders } from "./routes/sms.ts";
import { tenantSettings } from "./routes/tenant-settings.ts";
import { timing } from "./timing.ts";

/** Request bodies above this answer 413 (imports upload CSVs to Blobs, never through the API). */
export const MAX_BODY_BYTES = 1024 * 1024;

/** Bodies up to this size are read and dropped before a 413, so the client sees the answer, not a reset. */
const DRAIN_LIMIT = 32 * 1024 * 1024;

async function drain(request: Request) {
  if (!request.body || request.bodyUsed) return;
  const reader = request.body.getReader();
  let read = 0;
  try {
    while (read < DRAIN_LIMIT) {
      const { done, value } = await reader.read();
      if (done) return;
      read += value.byteLength;
    }
    await reader.cancel();
  } catch {
    // the client went away: nothing left to answer
  }
}

/**
 * The routes, typed for the web app's hc client. The same object serves Lambda and the embedded server.
 * Who may call each one is not said here but in API_ACCESS (core/rights/access.ts), enforced by one
 * middleware in front of all of them.
 */
const routes = new Hono<AuthVars>()
  .route("/health", health)
  .route("/auth", auth)
  .route("/tenant-settings", tenantSettings)
  .route("/custom-fields", customFields)
  .route("/contacts/import", contactImport)
  .route("/contacts", contacts)
  .route("/field-mappings", fieldMappings)
  .route("/segments", segments)
  .route("/profiles", profiles)
  .route("/campaigns", campaigns)
  .route("/cache", cache)
  .route("/cache", cacheStatus)
  .route("/export", exportRoutes)
  .route("/cache", cacheSchedule)
  .route("/dialer/results", dialerResults)
  .route("/skills", skills)
  .route("/dispositions", dispositions)
  .route("/payment-profiles", paymentProfiles)
  .route("/dnc", dnc)
  .route("/rest-connections", restConnections)
  .route("/sftp-imports", sftpImports)
  .route("/sftp-export", sftpExport)
  .route("/ftp-check", ftpCheckRoute)
  .route("/login/nic", loginNic)
  .route("/mobile-configurations", mobileConfigurations)
  .route("/project", project)
  .route("/sms-providers", smsProviders)
  .route("/sms-mappings", smsMappings)
  .route("/sms-points-of-contact", smsPointsOfContactRoute)
  .route("/downloads", downloads)
  .route("/dynamics-credentials", dynamicsCredentials)
  .route("/inventory-source", inventorySource)
  .route("/jobs", jobs)
  .route("/bulk-edit", bulkEdit)
  .route("/outbox", outbox)
  .route("/admin", admin)
  .route("/cms-onboard", cmsOnboard);

export type ApiRoutes = typeof api;

const api = new Hono<AuthVars>()
  .basePath("/api")
  .use(requestId())
  .use(timing)
  .use(secureHeaders())
  .use(
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: async (c) => {
        await drain(c.req.raw);
        return problem(
          c,
          413,
          "request.too_large",
          `The request body is larger than ${MAX_BODY_BYTES} bytes.`,
        );
      },
    }),
  )
  .use(enforceAccess)
  .route("/", routes);

docs(api);

/** 405 for a known path with another method, else a 404 problem. Also used by servers that mount the API. */
export const apiNotFound = (c: Context) =>
  methodNotAllowed(api, c) ?? problem(c, 404, "route.not_found", `No route ${c.req.method} ${c.req.path}.`);

api.notFound(apiNotFound);
// A refusal that came before the body was read (no token, no right) reads it first, as the 413 does: a
// server that answers and then closes on an unread body resets clients still sending it.
api.onError(async (err, c) => {
  await drain(c.req.raw);
  return onError(err, c);
});

/**
 * Extra routes (a deployment mode's own, or a test's unlisted one) are mounted before the
 * catch-all handlers run; call before serving. Every route, the extensions' too, must have its entry in
 * API_ACCESS: the access middleware gates them like the others, and a route without one stops startup here.
 */
export function createApi(extend?: (app: Hono<AuthVars>) => void) {
  extend?.(api as unknown as Hono<AuthVars>);
  assertAccessTable(api);
  return api;
}

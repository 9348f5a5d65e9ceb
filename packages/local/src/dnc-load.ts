import "./quiet.ts";
import { createReadStream } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { withActor } from "@reachcx/core/actor/index";
import { DNC_SOURCES, type DncSource, loadDnc } from "@reachcx/core/dnc/index";
import { type Env, provideEnv } from "@reachcx/core/env";
import { readRuntimeFile, storeOf } from "./runtime-file.ts";

/**
 * `npm run dnc:load -- --tenant acme --source national --file list.csv [--expires 2027-01-31] [--region TX]
 * [--column 0]`: streams a state or national do-not-call extract (one number a row) into a tenant's lists
 * of a running `npm start` (same DATA_DIR). Idempotent: re-running a file adds nothing twice
 * (docs/compliance.md). On AWS the same core function runs as a job.
 */
const { values } = parseArgs({
  options: {
    tenant: { type: "string" },
    source: { type: "string", default: "national" },
    file: { type: "string" },
    expires: { type: "string" },
    region: { type: "string" },
    column: { type: "string", default: "0" },
  },
});
const fail = (message: string): never => {
  console.error(message);
  process.exit(1);
};
if (!values.tenant || !values.file) fail("--tenant and --file are required.");
if (!(DNC_SOURCES as readonly string[]).includes(values.source as string))
  fail(`--source is one of ${DNC_SOURCES.join(", ")}.`);
if (values.expires && !/^\d{4}-\d{2}-\d{2}$/.test(values.expires)) fail("--expires is a date: YYYY-MM-DD.");
const dataDir = resolve(process.env.DATA_DIR ?? ".data");
const running =
  readRuntimeFile(dataDir) ?? fail(`No running console found for ${dataDir}: start it first with npm start.`);
const store = storeOf(running);
// The loader only writes to the Store.
provideEnv({ mode: "embedded", store } as Env);

const started = Date.now();
const report = await withActor({ type: "system", tenant: values.tenant as string }, () =>
  loadDnc(createReadStream(values.file as string), {
    source: values.source as DncSource,
    expiresAt: values.expires ?? null,
    region: values.region ?? null,
    addedBy: `loader:${values.source}`,
    column: Number(values.column),
  }),
);
console.log(
  `Loaded ${report.added} numbers (${report.duplicates} repeated in the file, ${report.rejectedCount} rejected) into ${values.tenant}'s ${values.source} list in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
);
for (const r of report.rejected.slice(0, 20)) console.log(`  row ${r.row}: ${r.message} (${r.value})`);

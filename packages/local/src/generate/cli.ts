import "../quiet.ts";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { readRuntimeFile, storeOf } from "../runtime-file.ts";
import { loadContacts } from "./load.ts";

/**
 * `npm run generate -- --tenant acme --count 10000 [--seed 1]`: loads synthetic contacts into a running
 * `npm start` (same DATA_DIR), which indexes them as they arrive.
 */
const { values } = parseArgs({
  options: {
    tenant: { type: "string", default: "acme" },
    count: { type: "string", default: "1000" },
    seed: { type: "string", default: "1" },
  },
});
const dataDir = resolve(process.env.DATA_DIR ?? ".data");
const running = readRuntimeFile(dataDir);
if (!running) {
  console.error(`No running console found for ${dataDir}: start it first with npm start (same DATA_DIR).`);
  process.exit(1);
}
const count = Number(values.count);
if (!Number.isInteger(count) || count < 1) {
  console.error("--count must be a whole number of at least 1.");
  process.exit(1);
}
const store = storeOf(running);
const started = Date.now();
const written = await loadContacts(store, {
  tenant: values.tenant as string,
  count,
  seed: Number(values.seed),
  onProgress: (done) => process.stdout.write(`\r${done} / ${count} contacts`),
}).catch((err: Error) => {
  console.error(`\n${err.message}`);
  process.exit(1);
});
console.log(
  `\nLoaded ${written} contacts into ${values.tenant} in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
);

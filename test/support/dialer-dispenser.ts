import { withActor } from "../../packages/core/src/actor/index.ts";
import { dispense } from "../../packages/core/src/dialer/dispense.ts";
import { type Env, provideEnv } from "../../packages/core/src/env.ts";
import { createDynamoClient } from "../../packages/core/src/store/client.ts";
import { createService } from "../../packages/core/src/store/entities.ts";

/**
 * A dispensing process for test/api/dialer-dispense-resume.test.ts: dispenses batches of a campaign's
 * list in a loop at a fixed clock, printing each answered batch as one JSON line, until the list gives
 * nothing more — or the test kills it with SIGKILL in the middle.
 */

const { DIALER_ENDPOINT, DIALER_CREDENTIALS, DIALER_TENANT, DIALER_CAMPAIGN, DIALER_NOW } = process.env;
if (!DIALER_ENDPOINT || !DIALER_CREDENTIALS || !DIALER_TENANT || !DIALER_CAMPAIGN || !DIALER_NOW)
  throw new Error("dialer-dispenser: DIALER_* environment missing");

const store = createService(
  createDynamoClient({
    table: "reachcx",
    endpoint: DIALER_ENDPOINT,
    credentials: JSON.parse(DIALER_CREDENTIALS),
  }),
  "reachcx",
);
provideEnv({ mode: "embedded", store } as Env);
const now = new Date(DIALER_NOW);
await withActor({ type: "system", tenant: DIALER_TENANT }, async () => {
  for (;;) {
    const out = await dispense(DIALER_CAMPAIGN, 25, { now });
    if (out.length === 0) break;
    process.stdout.write(`${JSON.stringify(out.map((d) => [d.contactId, d.attemptKey]))}\n`);
  }
});

import { type Actor, withActor } from "../../packages/core/src/actor/index.ts";
import { type Env, provideEnv } from "../../packages/core/src/env.ts";
import { testStore } from "./api.ts";

/**
 * Runs core code in the test process against the run's embedded Store, as a tenant's system actor: for
 * writes no endpoint makes yet (a campaign using a profile, before the campaign work), done through the
 * same core functions a later endpoint will call. Only the Store is provided; a call reaching another
 * port fails loudly.
 */
export async function asTenant<T>(tenant: string, fn: () => Promise<T>, env: Partial<Env> = {}): Promise<T> {
  const store = await testStore();
  const missing = (port: string) =>
    new Proxy(
      {},
      {
        get: () => {
          throw new Error(`core-env: the ${port} port is not provided in tests`);
        },
      },
    );
  provideEnv({
    mode: "embedded",
    store,
    identity: missing("identity"),
    secrets: missing("secrets"),
    search: missing("search"),
    push: missing("push"),
    blobs: missing("blobs"),
    ...env,
  } as Env);
  const actor: Actor = { type: "system", tenant };
  return withActor(actor, fn);
}

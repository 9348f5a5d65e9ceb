import { AsyncLocalStorage } from "node:async_hooks";

/**
 * The API request being served, carried with AsyncLocalStorage (as the actor is): where its phases add
 * their time (the Server-Timing header), and, by being there at all, the mark of foreground work that the
 * embedded store's gate serves first (local/src/store-gate.ts). Work a request starts and leaves running
 * (a job it enqueued) leaves the scope with `outsideRequest`.
 */
export interface RequestScope {
  /** Milliseconds spent per phase (auth, search, store), summed over the request's calls. */
  readonly phases: Map<string, number>;
}

const storage = new AsyncLocalStorage<RequestScope>();
let inProgress = 0;

/** Runs `fn` as an API request: phases it times are kept on the scope, and the request counts as in progress until it settles. */
export async function withRequest<T>(fn: (scope: RequestScope) => Promise<T>): Promise<T> {
  const scope: RequestScope = { phases: new Map() };
  inProgress++;
  try {
    return await storage.run(scope, () => fn(scope));
  } finally {
    inProgress--;
  }
}

/** The request being served, if the code runs on behalf of one. */
export const useRequest = (): RequestScope | undefined => storage.getStore();

/** API requests being served by this process now. */
export const requestsInProgress = () => inProgress;

/** Runs `fn` as background work, outside any request it was started from (a job the request enqueued). */
export const outsideRequest = <T>(fn: () => T): T => storage.exit(fn);

/** Times `fn` as the request's `name` phase (added to what the phase took already); nothing outside a request. */
export async function phase<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const scope = storage.getStore();
  if (!scope) return fn();
  const started = performance.now();
  try {
    return await fn();
  } finally {
    scope.phases.set(name, (scope.phases.get(name) ?? 0) + performance.now() - started);
  }
}

/** The Server-Timing header's value (W3C Server Timing): each phase as `name;dur=ms`, then the total. */
export function serverTiming(scope: RequestScope, totalMs: number): string {
  const metrics = [...scope.phases].map(([name, ms]) => `${name};dur=${ms.toFixed(1)}`);
  metrics.push(`total;dur=${totalMs.toFixed(1)}`);
  return metrics.join(", ");
}

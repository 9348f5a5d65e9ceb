import { mayOpen } from "../features/access/access.ts";
import type { Screen } from "./catalog.ts";
import type { RouterContext } from "./context.ts";

/**
 * A screen loader's fetch, run only when the caller may open the screen: the gate shows a refusal
 * instead, and a refused screen asks the API for nothing.
 */
export const whenOpen = <T>(context: RouterContext, screen: Screen, load: () => Promise<T>) =>
  mayOpen(context.auth, screen.need) ? load() : Promise.resolve(undefined);

/**
 * The live feed's protocol, the same in both modes: what the browser may import (no store, no ElectroDB).
 * The server side that turns table changes into these events is ./index.ts.
 */

/** What the browser is told when a record changes: enough to refetch, never the record itself. */
export interface ChangeEvent {
  entity: string;
  op: "upsert" | "remove";
  id: string | null;
}

/**
 * The live feed's path on the console's own origin, in both modes: the embedded server upgrades it, and on
 * AWS CloudFront sends it to the WebSocket API whose stage has this name (API Gateway accepts no path after
 * the stage, so the stage *is* the path).
 */
export const LIVE_PATH = "/live";

/**
 * What the browser sends now and then so idle timeouts (API Gateway's 10 minutes) do not close the feed;
 * the action is the WebSocket API's route for it.
 */
export const KEEP_ALIVE_ACTION = "ping";
export const KEEP_ALIVE = JSON.stringify({ action: KEEP_ALIVE_ACTION });

/** The one message of the live feed, as both modes send it (AWS fan-out and the embedded server). */
export const encodeChangeEvent = (event: ChangeEvent): string => JSON.stringify(event);

/**
 * Reads a live-feed message; anything else (an API Gateway error frame, a future message kind) is
 * undefined, so a client skips it instead of failing.
 */
export function parseChangeEvent(data: string): ChangeEvent | undefined {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return undefined;
  }
  if (typeof value !== "object" || value === null) return undefined;
  const { entity, op, id } = value as Record<string, unknown>;
  if (typeof entity !== "string" || (op !== "upsert" && op !== "remove")) return undefined;
  if (typeof id !== "string" && id !== null) return undefined;
  return { entity, op, id };
}

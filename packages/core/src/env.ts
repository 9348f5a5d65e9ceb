import type { Blobs } from "./blobs/port.ts";
import type { Identity } from "./identity/index.ts";
import type { JobQueue } from "./job/port.ts";
import type { Mail } from "./mail/port.ts";
import type { PushMessaging } from "./push/port.ts";
import type { Scheduler } from "./scheduler/port.ts";
import type { Search } from "./search/port.ts";
import type { Secrets } from "./secrets/index.ts";
import type { StoreService } from "./store/entities.ts";
import type { Workflows } from "./workflows/port.ts";

/**
 * The ports a process works with, built once: at cold start on AWS (packages/functions/src/env.ts),
 * at server start in embedded mode (packages/local). Nothing else reads process.env.
 */
export interface Env {
  mode: "aws" | "embedded";
  store: StoreService;
  identity: Identity;
  secrets: Secrets;
  search: Search;
  /** The push-messaging platform behind /api/project/* and mobile applications (push/port.ts). */
  push: PushMessaging;
  /** Files kept outside the table, with expiring download links (blobs/port.ts). */
  blobs: Blobs;
  /** Notices to people (mail/port.ts): Amazon SES on AWS, the outbox in the Store in embedded mode. */
  mail: Mail;
  /**
   * Where a new or paused job is handed to a worker (job/port.ts): the SQS queue of the job worker on AWS,
   * the in-process runner in embedded mode. Absent in processes that start no jobs.
   */
  jobs?: JobQueue;
  /**
   * Schedules that fire a target payload (scheduler/port.ts): EventBridge Scheduler on AWS, croner jobs
   * kept in the Store in embedded mode. Absent in processes that manage no schedules.
   */
  scheduler?: Scheduler;
  /**
   * The CXone platform's defaults: its discovery domain and the legacy token URL the legacy form starts
   * with (the simulator's in embedded mode).
   */
  cxone?: { discoveryDomain: string; legacyTokenUrl?: string };
  /**
   * The list manager's options. `blockClaims`: embedded dispense takes FIFO fresh queues in blocks, one
   * campaign of a tenant at a time (docs/dialer.md, Block claims); off unless DIALER_BLOCK_CLAIMS=1.
   */
  dialer?: { blockClaims: boolean };
  /** Twilio's accounts API for the Twilio-kind credential check: the simulator's URL in embedded mode. */
  twilio?: { accountsUrl: string };
  /**
   * The merchant-services partner of merchant onboarding (onboarding/partner.ts): its base URL and the
   * provider's basic-auth account; the simulator's in embedded mode. Unset: onboarding cannot open
   * applications (the step fails with the reason recorded).
   */
  merchantServices?: { url: string; username: string; password: string };
  /** The payment gateway whose whoAmI validates a merchant's credentials (onboarding/gateway.ts). */
  paymentGateway?: { url: string };
  /** Step Functions on AWS, the in-process runner in embedded mode (workflows/port.ts). */
  workflows?: Workflows;
  /**
   * The instance's own ports that tenant-configured requests must not reach (net/outbound.ts). Embedded
   * mode fills it as its listeners start; on AWS nothing listens locally besides the Lambda runtime API,
   * which the loopback rule already closes.
   */
  outbound?: { closedPorts: Set<number> };
}

let current: Env | undefined;

export function provideEnv(env: Env): Env {
  current = env;
  return env;
}

export function useEnv(): Env {
  if (!current) throw new Error("The environment has not been built yet (provideEnv).");
  return current;
}

export const useStore = () => useEnv().store;

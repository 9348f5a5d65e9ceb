import { requestsInProgress, useRequest } from "@reachcx/core/request/index";

/** Who a call to DynamoDB Local is made for: an API request being served, or background work. */
export type Lane = "foreground" | "background";

export interface GateOptions {
  /** Background calls in flight at most while the console is being served (at least 1). */
  busyLimit: number;
  /** Background calls in flight at most otherwise; Infinity: as many as their callers make. */
  idleLimit: number;
  /** Whether foreground work is under way besides the gate's own calls: an API request in progress. */
  busy: () => boolean;
}

/**
 * The embedded store's foreground-priority gate. DynamoDB Local is one Java process: during an import it
 * serves the job's BatchWriteItems and the change feed's stream reads, and a list's BatchGetItem queued
 * behind them. Foreground calls go at once; background calls are dispatched in their order of arrival, as
 * many as their callers make while nobody is served, but at most `busyLimit` in flight while an API
 * request is in progress or a foreground call is in flight, so a list's read waits behind at most that
 * many bulk requests. The limit only bites while someone uses the console: the import then slows, it
 * never stops (busyLimit >= 1, and each background call that ends dispatches the next).
 */
export class PriorityGate {
  private foreground = 0;
  private background = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly options: GateOptions) {
    if (options.busyLimit < 1) throw new Error("busyLimit must be at least 1: background work must go on");
  }

  /** Runs `call` in its lane: foreground at once, background when the limit lets it. */
  async run<T>(lane: Lane, call: () => Promise<T>): Promise<T> {
    if (lane === "foreground") {
      this.foreground++;
      try {
        return await call();
      } finally {
        this.foreground--;
        this.dispatch();
      }
    }
    // In line behind those waiting already; dispatch counts the call in flight when it admits it.
    await new Promise<void>((admitted) => {
      this.waiting.push(admitted);
      this.dispatch();
    });
    try {
      return await call();
    } finally {
      this.background--;
      this.dispatch();
    }
  }

  /** Background calls in flight and waiting (tests, figures). */
  get load() {
    return { foreground: this.foreground, background: this.background, waiting: this.waiting.length };
  }

  private limit() {
    return this.foreground > 0 || this.options.busy() ? this.options.busyLimit : this.options.idleLimit;
  }

  /** Admits waiting background calls, oldest first, up to the limit that holds now. */
  private dispatch() {
    while (this.waiting.length > 0 && this.background < this.limit()) {
      this.background++;
      (this.waiting.shift() as () => void)();
    }
  }
}

/** The gate of an embedded instance: foreground means an API request of this process is in progress. */
export const embeddedGate = () =>
  new PriorityGate({
    busyLimit: 1,
    idleLimit: Number.POSITIVE_INFINITY,
    busy: () => requestsInProgress() > 0,
  });

/** The one overload of an AWS SDK client's middlewareStack.add the gate uses (initialize step). */
interface WithMiddleware<A, R> {
  middlewareStack: {
    add(
      middleware: (next: (args: A) => Promise<R>) => (args: A) => Promise<R>,
      options: { step: "initialize"; name: string },
    ): void;
  };
}

/**
 * Sends every call of `client` (the Store's, the change feed's) through the gate, in the lane of the code
 * that makes it: an API request's own calls are foreground, anything else (jobs, which leave the request
 * that started them, the change feed, schedules, the dialer's driver) background.
 */
export function gateClient<A, R>(client: WithMiddleware<A, R>, gate: PriorityGate) {
  client.middlewareStack.add(
    (next) => (args) => gate.run(useRequest() ? "foreground" : "background", () => next(args)),
    { step: "initialize", name: "foregroundGate" },
  );
}

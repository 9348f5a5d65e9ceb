import { outsideRequest, withRequest } from "@reachcx/core/request/index";
import { describe, expect, it } from "vitest";
import { embeddedGate, gateClient, type Lane, PriorityGate } from "./store-gate.ts";

/** Lets every settled promise's continuations run: the gate's admissions are promise callbacks. */
const settle = () => new Promise((r) => setImmediate(r));

/** Calls through the gate that end when the test says: `started` lists them in the order they were dispatched. */
function harness(options: { busyLimit: number; idleLimit: number }) {
  let busy = false;
  const gate = new PriorityGate({ ...options, busy: () => busy });
  const started: string[] = [];
  const ends = new Map<string, () => void>();
  const call = (lane: Lane, name: string) =>
    gate.run(lane, () => {
      started.push(name);
      return new Promise<void>((end) => ends.set(name, end));
    });
  const end = async (name: string) => {
    ends.get(name)?.();
    await settle();
  };
  return {
    gate,
    started,
    call,
    end,
    setBusy: (value: boolean) => {
      busy = value;
    },
  };
}

describe("PriorityGate", () => {
  it("dispatches background calls in arrival order, up to the idle limit while nobody is served", async () => {
    const h = harness({ busyLimit: 1, idleLimit: 2 });
    for (const name of ["b1", "b2", "b3", "b4"]) void h.call("background", name);
    await settle();
    expect(h.started).toEqual(["b1", "b2"]);
    expect(h.gate.load).toEqual({ foreground: 0, background: 2, waiting: 2 });
    await h.end("b2");
    expect(h.started).toEqual(["b1", "b2", "b3"]);
    await h.end("b1");
    await h.end("b3");
    expect(h.started).toEqual(["b1", "b2", "b3", "b4"]);
  });

  it("lets a foreground call go at once, and holds background ones to the busy limit while it is in flight", async () => {
    const h = harness({ busyLimit: 1, idleLimit: 3 });
    void h.call("background", "b1");
    void h.call("background", "b2");
    await settle();
    void h.call("foreground", "f1");
    void h.call("background", "b3");
    void h.call("background", "b4");
    await settle();
    // f1 did not wait for b1 and b2; b3 does, although the idle limit would have let it go.
    expect(h.started).toEqual(["b1", "b2", "f1"]);
    await h.end("b1");
    // One background call in flight (b2) is the busy limit: b3 still waits.
    expect(h.started).toEqual(["b1", "b2", "f1"]);
    await h.end("b2");
    expect(h.started).toEqual(["b1", "b2", "f1", "b3"]);
    expect(h.gate.load).toEqual({ foreground: 1, background: 1, waiting: 1 });
    // The foreground call ends: the idle limit holds again, b4 goes.
    await h.end("f1");
    expect(h.started).toEqual(["b1", "b2", "f1", "b3", "b4"]);
  });

  it("holds background calls to the busy limit while an API request is in progress, and never stops them", async () => {
    const h = harness({ busyLimit: 1, idleLimit: 4 });
    h.setBusy(true);
    for (const name of ["b1", "b2", "b3"]) void h.call("background", name);
    await settle();
    expect(h.started).toEqual(["b1"]);
    await h.end("b1");
    expect(h.started).toEqual(["b1", "b2"]);
    h.setBusy(false);
    void h.call("background", "b4");
    await settle();
    // The request ended: the newcomer goes, but behind b3, which waited longer.
    expect(h.started).toEqual(["b1", "b2", "b3", "b4"]);
  });

  it("refuses a busy limit that would stop background work", () => {
    expect(() => new PriorityGate({ busyLimit: 0, idleLimit: 1, busy: () => false })).toThrow(/at least 1/);
  });
});

describe("gateClient", () => {
  /** A client whose one middleware is the gate's, in front of a send the test ends. */
  function gatedClient(gate: PriorityGate) {
    let middleware:
      | ((next: (args: string) => Promise<string>) => (args: string) => Promise<string>)
      | undefined;
    const add = (m: NonNullable<typeof middleware>) => {
      middleware = m;
    };
    gateClient<string, string>({ middlewareStack: { add } }, gate);
    const pending: (() => void)[] = [];
    const send = (middleware as NonNullable<typeof middleware>)(
      (args) => new Promise((done) => pending.push(() => done(args))),
    );
    return { send, pending };
  }

  it("sends an API request's calls as foreground, and a job's (outside the request) as background", async () => {
    const gate = embeddedGate();
    const { send, pending } = gatedClient(gate);
    void send("feed");
    await settle();
    expect(gate.load).toEqual({ foreground: 0, background: 1, waiting: 0 });
    void withRequest(async () => {
      void outsideRequest(() => send("job"));
      await send("list");
    });
    await settle();
    // The list's call went at once; the job's, started from the request but outside it, is background work
    // while a request is in progress: it waits behind the feed's.
    expect(gate.load).toEqual({ foreground: 1, background: 1, waiting: 1 });
    for (const done of pending.splice(0)) done();
    await settle();
    expect(gate.load).toEqual({ foreground: 0, background: 1, waiting: 0 });
  });
});

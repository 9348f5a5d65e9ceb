import type { UserContext } from "@reachcx/core/context/index";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { liveUrl, type StaleKeys, useRealtime } from "./realtime.ts";
import { session } from "./session.ts";

/** A WebSocket the test drives: it opens, speaks and closes when told to. */
class FakeSocket {
  static all: FakeSocket[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((message: { data: unknown }) => void) | null = null;
  onclose: ((closed: { code: number }) => void) | null = null;
  sent: string[] = [];
  closedByClient = false;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.closedByClient = true;
  }
  open() {
    act(() => this.onopen?.());
  }
  push(data: string) {
    act(() => this.onmessage?.({ data }));
  }
  drop(code = 1006) {
    act(() => this.onclose?.({ code }));
  }
}

const latest = () => FakeSocket.all.at(-1) as FakeSocket;

const STALE: StaleKeys = { tenantSettings: [["tenantSettings"], ["me"]] };
let meStatus = 200;

function mount() {
  const queryClient = new QueryClient();
  const invalidated: unknown[] = [];
  vi.spyOn(queryClient, "invalidateQueries").mockImplementation(async (filters) => {
    invalidated.push(filters?.queryKey ?? "everything");
  });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const hook = renderHook(() => useRealtime(STALE), { wrapper });
  return { invalidated, hook };
}

beforeEach(() => {
  FakeSocket.all = [];
  meStatus = 200;
  vi.useFakeTimers();
  vi.stubGlobal("WebSocket", FakeSocket);
  vi.stubGlobal(
    "fetch",
    vi.fn(async () =>
      meStatus === 200
        ? Response.json({ context: {} })
        : Response.json({ title: "Unauthorized", status: 401, detail: "expired" }, { status: 401 }),
    ),
  );
  session.set({ token: "t 1", context: { apiKey: "k&1", tenant: "acme" } as unknown as UserContext });
});
afterEach(() => {
  cleanup();
  session.set(null);
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("liveUrl", () => {
  it("is the live path on the page's own host, wss under https, with the token and api key as parameters", () => {
    expect(liveUrl({ protocol: "https:", host: "console.example" }, "a b", "k&1")).toBe(
      "wss://console.example/live?token=a+b&apiKey=k%261",
    );
    expect(liveUrl({ protocol: "http:", host: "localhost:3000" }, "t", "k")).toBe(
      "ws://localhost:3000/live?token=t&apiKey=k",
    );
  });
});

describe("useRealtime", () => {
  it("invalidates the keys a change makes stale, its own name for an entity not listed, and skips other frames", () => {
    const { invalidated } = mount();
    expect(new URL(latest().url).searchParams.get("token")).toBe("t 1");
    expect(new URL(latest().url).searchParams.get("apiKey")).toBe("k&1");
    latest().open();
    latest().push('{"entity":"tenantSettings","op":"upsert","id":"acme"}');
    latest().push('{"entity":"segment","op":"remove","id":"s-1"}');
    latest().push('{"message":"Forbidden"}');
    expect(invalidated).toEqual([["tenantSettings"], ["me"], ["segment"]]);
  });

  it("reconnects after a drop with a growing delay, then refetches everything once", async () => {
    const { invalidated } = mount();
    latest().open();
    latest().drop();
    expect(FakeSocket.all).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(FakeSocket.all).toHaveLength(2);
    // The retry fails before opening: the session is checked (alive), and the next try waits twice as long.
    latest().drop();
    await act(() => vi.advanceTimersByTimeAsync(1999));
    expect(FakeSocket.all).toHaveLength(2);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(FakeSocket.all).toHaveLength(3);
    expect(invalidated).toEqual([]);
    latest().open();
    expect(invalidated).toEqual(["everything"]);
  });

  it("sends a keep-alive every five minutes while open", async () => {
    mount();
    latest().open();
    await act(() => vi.advanceTimersByTimeAsync(5 * 60_000));
    expect(latest().sent).toEqual(['{"action":"ping"}']);
  });

  it("ends the session when the handshake is refused and the API refuses the session too", async () => {
    meStatus = 401;
    mount();
    latest().drop();
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(session.get()).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(FakeSocket.all).toHaveLength(1);
  });

  it("closes the socket when unmounted and does not come back", async () => {
    const { hook } = mount();
    latest().open();
    hook.unmount();
    expect(latest().closedByClient).toBe(true);
    latest().drop(1000);
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(FakeSocket.all).toHaveLength(1);
  });
});

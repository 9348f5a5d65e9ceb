import type { Page, WebSocket } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { call, newTenant } from "../support/api.ts";
import { signInThroughUi, useBrowser } from "../support/browser.ts";

const browser = useBrowser();

/** Every WebSocket the page opens, with the text frames it received. */
function recordSockets(page: Page) {
  const sockets: { socket: WebSocket; received: string[] }[] = [];
  page.on("websocket", (socket) => {
    const entry = { socket, received: [] as string[] };
    socket.on("framereceived", (frame) => {
      if (typeof frame.payload === "string") entry.received.push(frame.payload);
    });
    sockets.push(entry);
  });
  return sockets;
}

describe("the live feed in the console", () => {
  it("shows a contact written elsewhere without a reload, pushed over the WebSocket at /live", async () => {
    // A tenant of its own, so the list starts empty and no other test's writes arrive.
    const owner = await newTenant(["ListManager"]);
    const page = await (await browser.newContext()).newPage();
    const sockets = recordSockets(page);
    const navigations: string[] = [];
    page.on("framenavigated", (frame) => {
      if (frame === page.mainFrame()) navigations.push(frame.url());
    });
    await signInThroughUi(page, owner.email, owner.password);
    await page.waitForURL((u) => !u.pathname.startsWith("/sign-in"));
    await page.goto(`${inject("baseUrl")}/contacts`);
    await expect.poll(() => page.getByTestId("contacts-title").textContent()).toBe("Showing 0 of 0 contacts");
    const loads = navigations.length;

    // The console opened the live feed on its own origin, with the token and api key of the session.
    await expect.poll(() => sockets.length).toBeGreaterThan(0);
    const live = new URL((sockets.at(-1) as (typeof sockets)[number]).socket.url());
    expect(`${live.protocol}//${live.host}${live.pathname}`).toBe(
      `${inject("baseUrl").replace(/^http/, "ws")}/live`,
    );
    const signedIn = await page.evaluate(() => JSON.parse(localStorage.getItem("reachcx.session") ?? "{}"));
    expect(live.searchParams.get("token")).toBe(signedIn.token);
    expect(live.searchParams.get("apiKey")).toBe(owner.apiKey);

    // Another client (the API, as another user's tab would) adds a contact.
    const last = `Live${Date.now().toString(36)}`;
    const created = await call("/api/contacts", {
      method: "POST",
      body: { firstName: "Lena", lastName: last, phone: "3035550177" },
      session: owner,
    });
    expect(created.status).toBe(201);

    await expect
      .poll(() => page.getByTestId("contacts-table").getByText(last).count(), { timeout: 5000 })
      .toBe(1);
    expect(await page.getByTestId("contacts-title").textContent()).toBe("Showing 1 of 1 contacts");
    expect(navigations).toHaveLength(loads);
    // It came over the WebSocket: the frame is the feed's message for that contact.
    const frames = sockets.flatMap((s) => s.received).map((payload) => JSON.parse(payload));
    expect(frames).toContainEqual({ entity: "contact", op: "upsert", id: created.json.id });
  });
});

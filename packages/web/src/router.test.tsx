import { MantineProvider } from "@mantine/core";
import type { UserContext } from "@reachcx/core/context/index";
import { landingPath, parseRights } from "@reachcx/core/rights/index";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createMemoryHistory, RouterProvider } from "@tanstack/react-router";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { session } from "./lib/session.ts";
import { createAppRouter } from "./router.tsx";

function user(over: { licenses: string[]; rights?: string; tenantRole?: string; icBU?: string | null }) {
  const rights = over.rights ?? "1|1|1|1";
  const icBU = over.icBU === undefined ? "4600123" : over.icBU;
  return {
    tenant: "acme",
    tenantRole: over.tenantRole ?? "Admin",
    company: "Acme Collections",
    name: "Ada Admin",
    email: "ada@acme.example",
    secRole: rights,
    securityRights: rights,
    rights: parseRights(rights),
    licenses: over.licenses,
    customFields: [],
    queryFields: null,
    apiKey: "key-1",
    icBU,
    landing: landingPath({ licenses: over.licenses, icBU, tenantRole: over.tenantRole }),
  } as unknown as UserContext;
}

/** The live feed's socket: the shell opens it, tests push change frames into it. */
class FakeSocket {
  static latest: FakeSocket | undefined;
  onopen: (() => void) | null = null;
  onmessage: ((message: { data: unknown }) => void) | null = null;
  onclose: ((closed: { code: number }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.latest = this;
  }
  send() {}
  close() {}
}
const requests: { url: string; headers: Headers }[] = [];

function fakeServer() {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(input instanceof Request ? input.url : String(input), "http://localhost").pathname;
      requests.push({ url, headers: new Headers(init?.headers) });
      const current = session.get();
      if (url === "/api/auth/sign-in") {
        const body = JSON.parse(String(init?.body)) as { email: string; password: string };
        return body.password === "right-password"
          ? Response.json({ token: "t-2", context: user({ licenses: ["MaxCIF"] }) })
          : Response.json(
              {
                type: "about:blank",
                title: "Unauthorized",
                status: 401,
                detail: "Incorrect username or password.",
              },
              { status: 401, headers: { "content-type": "application/problem+json" } },
            );
      }
      if (url === "/api/auth/me") return Response.json({ context: current?.context });
      if (url === "/api/tenant-settings")
        return Response.json({
          id: "acme",
          company: "Acme Collections",
          icProduct: "CXOne",
          icBU: current?.context.icBU,
        });
      if (url === "/api/login/nic/defaults")
        return Response.json({
          legacyTokenUrl: "https://legacy.example/token",
          discoveryDomain: "cxone.example",
        });
      if (url === "/api/admin/tenant")
        return Response.json({
          items: [
            {
              id: "initech",
              name: "Initech Testing",
              apiKey: "key-9",
              licenses: ["ListManager"],
              status: "Active",
            },
          ],
          nextCursor: null,
        });
      return Response.json({ title: "Not Found", status: 404 }, { status: 404 });
    }),
  );
}

function renderApp(path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createAppRouter(
    { queryClient, auth: session },
    createMemoryHistory({ initialEntries: [path] }),
  );
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { router, queryClient };
}

const signInAs = (context: UserContext) => session.set({ token: "t-1", context });

beforeEach(() => {
  requests.length = 0;
  FakeSocket.latest = undefined;
  fakeServer();
  vi.stubGlobal("WebSocket", FakeSocket);
});
afterEach(() => {
  cleanup();
  session.set(null);
  vi.unstubAllGlobals();
});

describe("route guards", () => {
  it("sends a signed-out visitor to sign in, remembering where they were going", async () => {
    const { router } = renderApp("/import");
    expect(await screen.findByRole("button", { name: "Sign in" })).toBeTruthy();
    expect(router.state.location.pathname).toBe("/sign-in");
    expect(router.state.location.search).toEqual({ redirect: "/import" });
  });

  it("redirects / to /dashboard when the tenant holds ReachCX", async () => {
    signInAs(user({ licenses: ["ListManager", "MaxCIF"] }));
    const { router } = renderApp("/");
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard"));
    expect(await screen.findByRole("heading", { name: "Visualizations/Reports" })).toBeTruthy();
  });

  it("redirects / to the landing page of a MaxCIF-only tenant", async () => {
    signInAs(user({ licenses: ["MaxCIF"] }));
    const { router } = renderApp("/");
    await waitFor(() => expect(router.state.location.pathname).toBe("/e2"));
    expect((await screen.findByTestId("app-title")).textContent).toBe("e2");
  });

  it("tells a user who is not provider staff why the admin area stays closed, inside the shell", async () => {
    signInAs(user({ licenses: ["MaxCIF"] }));
    const { router } = renderApp("/admin/ListTenants");
    expect(await screen.findByText("Tenants is for provider administrators")).toBeTruthy();
    expect(screen.getByText("Only provider administrators may do this.")).toBeTruthy();
    expect(router.state.location.pathname).toBe("/admin/ListTenants");
    expect(screen.getByTestId("app-title").textContent).toBe("Admin");
    expect(screen.queryByTestId("admin-entry")).toBeNull();
  });

  it("tells a tenant without the licence that the module is not licensed", async () => {
    signInAs(user({ licenses: ["MaxCIF"] }));
    renderApp("/contacts");
    expect(await screen.findByText("Your organization is not licensed for ReachCX")).toBeTruthy();
    expect(screen.getByTestId("module-E2")).toBeTruthy();
    expect(screen.queryByTestId("module-ReachCX")).toBeNull();
  });

  it("refuses a screen whose rights position is '0'", async () => {
    signInAs(user({ licenses: ["ListManager"], rights: "1|0|1|0" }));
    renderApp("/contacts");
    expect(await screen.findByText("You do not have access to Contacts")).toBeTruthy();
    expect(screen.getByText("Your security rights do not include Inventory Management.")).toBeTruthy();
    // Nothing was asked of the API for a screen the gate refuses.
    expect(requests.some((r) => r.url.startsWith("/api/contacts"))).toBe(false);
    expect(screen.queryByTestId("config-gear")).toBeNull();
    expect(screen.queryByTestId("company-name")).toBeNull();
  });

  it("gives provider staff the admin area", async () => {
    signInAs(user({ licenses: [], tenantRole: "SuperAdmin" }));
    renderApp("/admin/ListTenants");
    expect(await screen.findByRole("heading", { name: "Tenants" })).toBeTruthy();
    expect(await screen.findByText("Initech Testing")).toBeTruthy();
    expect(screen.getByTestId("app-title").textContent).toBe("Admin");
    expect(screen.getByTestId("admin-entry").getAttribute("href")).toBe("/admin");
  });
});

describe("sign-in", () => {
  it("shows the problem's detail, then signs in and goes back where the visitor was going", async () => {
    const { router } = renderApp("/segment/new?op=clone");
    const email = await screen.findByLabelText("Email");
    expect(screen.getByRole("heading", { name: "ReachCX" })).toBeTruthy();
    fireEvent.change(email, { target: { value: "ada@acme.example" } });
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "wrong" } });
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByText("Incorrect username or password.")).toBeTruthy();
    expect(session.get()).toBeNull();

    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "right-password" } });
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/segment/new"));
    expect(router.state.location.search).toEqual({ op: "clone" });
    expect(session.get()?.token).toBe("t-2");
    expect(JSON.parse(localStorage.getItem("reachcx.session") ?? "{}").token).toBe("t-2");
  });

  it("goes to the landing page when nothing asked for sign-in", async () => {
    const { router } = renderApp("/sign-in");
    fireEvent.change(await screen.findByLabelText("Email"), { target: { value: "ada@acme.example" } });
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "right-password" } });
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    // MaxCIF only: the landing page is /e2 (spec 003 §6).
    await waitFor(() => expect(router.state.location.pathname).toBe("/e2"));
  });
});

describe("screens", () => {
  it("shows a screen that is not built yet with its title and spec section, inside the shell", async () => {
    signInAs(user({ licenses: ["ListManager"] }));
    renderApp("/dashboard");
    expect(await screen.findByRole("heading", { name: "Visualizations/Reports" })).toBeTruthy();
    expect(screen.getByText("This screen is not built yet.")).toBeTruthy();
    expect(screen.getByText(/spec 003 §2.7/)).toBeTruthy();
    const drawer = screen.getByTestId("nav-drawer");
    expect(within(drawer).getByText("List Management")).toBeTruthy();
    expect(screen.getByTestId("company-name").textContent).toBe("Acme Collections");
  });

  it("answers an unknown path with a not-found page inside the shell when signed in", async () => {
    signInAs(user({ licenses: ["ListManager"] }));
    renderApp("/no/such/page");
    expect(await screen.findByRole("heading", { name: "Page not found" })).toBeTruthy();
    expect(screen.getByTestId("nav-drawer")).toBeTruthy();
    expect(screen.getByTestId("app-title").textContent).toBe("ReachCX");
  });

  it("answers an unknown path signed out with a bare not-found page", async () => {
    renderApp("/no/such/page");
    expect(await screen.findByRole("heading", { name: "Page not found" })).toBeTruthy();
    expect(screen.queryByTestId("nav-drawer")).toBeNull();
  });

  it("sends the bearer token and the tenant api key with every call", async () => {
    signInAs(user({ licenses: ["ListManager"] }));
    renderApp("/config?product=CXOne&step=form");
    expect(((await screen.findByLabelText(/Business Unit/)) as HTMLInputElement).value).toBe("4600123");
    const settings = requests.find((r) => r.url === "/api/tenant-settings");
    expect(settings?.headers.get("authorization")).toBe("Bearer t-1");
    expect(settings?.headers.get("x-api-key")).toBe("key-1");
  });
});

describe("realtime", () => {
  it("refetches the tenant settings when the change feed reports a change", async () => {
    signInAs(user({ licenses: ["ListManager"] }));
    renderApp("/config?product=CXOne&step=form");
    expect(((await screen.findByLabelText(/Business Unit/)) as HTMLInputElement).value).toBe("4600123");
    await waitFor(() => expect(FakeSocket.latest).toBeDefined());
    act(() => FakeSocket.latest?.onopen?.());

    // Another tab saved a new business unit: the server now answers it, and the feed says so.
    session.updateContext({ ...(session.get()?.context as UserContext), icBU: "7654321" });
    act(() =>
      FakeSocket.latest?.onmessage?.({
        data: JSON.stringify({ entity: "tenantSettings", op: "upsert", id: "acme" }),
      }),
    );
    await waitFor(() =>
      expect((screen.getByLabelText(/Business Unit/) as HTMLInputElement).value).toBe("7654321"),
    );
  });
});

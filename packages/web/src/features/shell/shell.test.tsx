import { MantineProvider } from "@mantine/core";
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from "@tanstack/react-router";
import { cleanup, render, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { areaOf, helpPdf } from "../../routes/catalog.ts";
import { Drawer } from "./Drawer.tsx";
import { ModuleSwitcher } from "./ModuleSwitcher.tsx";
import { NAV } from "./nav.ts";

afterEach(cleanup);

async function renderInRouter(ui: ReactNode, path = "/") {
  const router = createRouter({
    routeTree: createRootRoute({ component: () => <MantineProvider env="test">{ui}</MantineProvider> }),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  render(<RouterProvider router={router} />);
  await router.load();
}

const caller = (securityRights: string, licenses: string[], tenantRole = "Admin") => ({
  securityRights,
  licenses,
  tenantRole,
});

describe("Drawer", () => {
  it("shows a ReachCX section only when the rights string has '1' at its position", async () => {
    await renderInRouter(<Drawer area="reachcx" caller={caller("1|0|1|0", ["ListManager"])} />);
    expect(await screen.findByText("Dashboards")).toBeTruthy();
    expect(screen.queryByText("Inventory Management")).toBeNull();
    expect(screen.getByText("List Management")).toBeTruthy();
    expect(screen.getByText("Segments").closest("a")?.getAttribute("href")).toBe("/segments");
  });

  it("shows the admin groups to provider staff whatever the rights, and none to anyone else", async () => {
    await renderInRouter(<Drawer area="admin" caller={caller("0|0|0|0", [], "SuperAdmin")} />);
    for (const group of ["Dashboards", "PromptPay", "Tenant Management", "Payments"])
      expect(await screen.findByText(group)).toBeTruthy();
    cleanup();
    await renderInRouter(<Drawer area="admin" caller={caller("1|1|1|1", ["ListManager"])} />);
    expect(screen.queryByText("Tenant Management")).toBeNull();
  });

  it("labels, orders and links items from the route catalog", () => {
    expect(NAV.e2.map((s) => [s.label, s.items.map((i) => `${i.label} ${i.to}`)])).toEqual([
      ["Dashboards", ["Visualizations/Reports /e2/Dashboard"]],
      [
        "Channel Configuration",
        ["Default UI Configuration /e2/ui-config", "Configuration Profiles /e2", "IVR Pre-Process /e2/ivr"],
      ],
    ]);
    expect(NAV.config[0]?.items.map((i) => i.label)).toEqual([
      "Telephony",
      "CRM Configurations",
      "SFTP Connections",
      "REST Connections",
      "Mobile Applications",
      "Custom Fields",
      "Field Mappings",
      "Downloads",
    ]);
  });

  it.each([
    ["/admin/ListTenants", "admin", "Tenants"],
    ["/config/sftp", "config", "SFTP Connections"],
    ["/e2/ivr", "e2", "IVR Pre-Process"],
    ["/config/rest-connections/42", "config", "REST Connections"],
    ["/contacts?q=smith", "reachcx", "Contacts"],
  ] as const)("highlights exactly one item on %s", async (path, area, label) => {
    await renderInRouter(
      <Drawer area={area} caller={caller("1|1|1|1", ["ListManager", "MaxCIF"], "SuperAdmin")} />,
      path,
    );
    await screen.findByText(label);
    const active = [...document.querySelectorAll("[data-testid=nav-drawer] a[data-active]")];
    expect(active.map((a) => a.textContent)).toEqual([label]);
    expect(active[0]?.getAttribute("aria-current")).toBe("page");
  });
});

describe("ModuleSwitcher", () => {
  it("lists only licensed modules", async () => {
    await renderInRouter(<ModuleSwitcher licenses={["MaxCIF", "USD"]} />);
    expect(await screen.findByTestId("module-E2")).toBeTruthy();
    expect(screen.queryByTestId("module-ReachCX")).toBeNull();
    expect(screen.queryByTestId("module-C3")).toBeNull();
  });
});

describe("paths", () => {
  it("titles areas and names help pdfs after the path", () => {
    expect(areaOf("/e2/ui-config")).toBe("e2");
    expect(areaOf("/ppay/PaymentProfile/new")).toBe("ppay");
    expect(areaOf("/contacts")).toBe("reachcx");
    expect(helpPdf("/e2/ui-config")).toBe("/docs/help/e2-ui-config.pdf");
    expect(helpPdf("/")).toBe("/docs/help/home.pdf");
    expect(helpPdf("/contact/8f2c")).toBe("/docs/help/contact.pdf");
    expect(helpPdf("/admin/onboarding/edit/new")).toBe("/docs/help/admin-onboarding-edit.pdf");
  });
});

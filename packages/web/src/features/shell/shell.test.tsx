import { MantineProvider } from "@mantine/core";
import { parseRights } from "@reachcx/core/rights/index";
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from "@tanstack/react-router";
import { cleanup, render, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { areaOf, helpPdf } from "../../routes/catalog.ts";
import { Drawer } from "./Drawer.tsx";
import { ModuleSwitcher } from "./ModuleSwitcher.tsx";

afterEach(cleanup);

async function renderInRouter(ui: ReactNode) {
  const router = createRouter({
    routeTree: createRootRoute({ component: () => <MantineProvider env="test">{ui}</MantineProvider> }),
    history: createMemoryHistory({ initialEntries: ["/"] }),
  });
  render(<RouterProvider router={router} />);
  await router.load();
}

describe("Drawer", () => {
  it("shows a ReachCX section only when the rights string has '1' at its position", async () => {
    await renderInRouter(<Drawer area="reachcx" rights={parseRights("1|0|1|0")} pathname="/dashboard" />);
    expect(await screen.findByText("Dashboards")).toBeTruthy();
    expect(screen.queryByText("Inventory Management")).toBeNull();
    expect(screen.getByText("List Management")).toBeTruthy();
    expect(screen.getByText("Segments").closest("a")?.getAttribute("href")).toBe("/segments");
  });

  it("shows the admin groups whatever the rights", async () => {
    await renderInRouter(<Drawer area="admin" rights={parseRights("0|0|0|0")} pathname="/admin" />);
    for (const group of ["Dashboards", "PromptPay", "Tenant Management", "Payments"])
      expect(await screen.findByText(group)).toBeTruthy();
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

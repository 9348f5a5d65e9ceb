import { Loader, type LoaderProps, MantineProvider } from "@mantine/core";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { theme } from "./theme.ts";

afterEach(cleanup);

const renderLoader = (props: LoaderProps & { role?: string; "aria-label": string }) =>
  render(
    <MantineProvider env="test" theme={theme}>
      <Loader {...props} />
    </MantineProvider>,
  );

describe("the console's theme", () => {
  // A labelled span with no role is axe's serious aria-prohibited-attr, which the browser suite's scans
  // catch only when a list happens to be refetching during one.
  it("renders every busy indicator as a status, named by its label", () => {
    renderLoader({ size: "xs", "aria-label": "Loading" });
    expect(screen.getByRole("status", { name: "Loading" })).toBeTruthy();
  });

  it("keeps a role a call site gives", () => {
    renderLoader({ role: "progressbar", "aria-label": "Working" });
    expect(screen.getByRole("progressbar", { name: "Working" })).toBeTruthy();
  });
});

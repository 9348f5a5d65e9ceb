import { Loader, MantineProvider } from "@mantine/core";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { theme } from "./theme.ts";

afterEach(cleanup);

describe("the console's theme", () => {
  // A labelled span with no role is axe's serious aria-prohibited-attr, which the browser suite's scans
  // catch only when a list happens to be refetching during one.
  it("renders every busy indicator as a status, named by its label", () => {
    render(
      <MantineProvider env="test" theme={theme}>
        <Loader size="xs" aria-label="Loading" />
      </MantineProvider>,
    );
    expect(screen.getByRole("status", { name: "Loading" })).toBeTruthy();
  });

  it("keeps a role a call site gives", () => {
    render(
      <MantineProvider env="test" theme={theme}>
        <Loader role="progressbar" aria-label="Working" />
      </MantineProvider>,
    );
    expect(screen.getByRole("progressbar", { name: "Working" })).toBeTruthy();
  });
});

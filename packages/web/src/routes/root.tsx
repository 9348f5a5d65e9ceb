import { Container } from "@mantine/core";
import { createRootRouteWithContext, createRoute, Outlet, redirect } from "@tanstack/react-router";
import { Gate } from "../features/access/Gate.tsx";
import { NotFound } from "../features/placeholder/pages.tsx";
import { Shell } from "../features/shell/Shell.tsx";
import { useSession } from "../lib/session.ts";
import type { Screen } from "./catalog.ts";
import type { RouterContext } from "./context.ts";

declare module "@tanstack/react-router" {
  interface StaticDataRouteOption {
    /** The catalog entry of a screen route: its title, its need and where the spec describes it. */
    screen?: Screen;
  }
}

/**
 * An unknown address matches no shell route (the shell is pathless), so the root answers it: inside the
 * shell when signed in, a bare page otherwise.
 */
function RootNotFound() {
  return useSession() ? (
    <Shell>
      <NotFound />
    </Shell>
  ) : (
    <Container py="xl">
      <NotFound />
    </Container>
  );
}

export const root = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  notFoundComponent: RootNotFound,
});

/** Every shell route needs a session; without one, sign in and come back (spec 003 §2.1). */
export const shell = createRoute({
  getParentRoute: () => root,
  id: "shell",
  beforeLoad: ({ context, location }) => {
    if (!context.auth.get()) throw redirect({ to: "/sign-in", search: { redirect: location.href } });
  },
  component: Shell,
  notFoundComponent: NotFound,
});

/** Around every shell screen: the screen, or why the caller may not open it (features/access/Gate). */
export const gate = createRoute({ getParentRoute: () => shell, id: "gate", component: Gate });

import { Container } from "@mantine/core";
import { SUPER_ADMIN } from "@reachcx/core/rights/index";
import type { QueryClient } from "@tanstack/react-query";
import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  Outlet,
  redirect,
} from "@tanstack/react-router";
import { SignIn } from "./features/auth/SignIn.tsx";
import { SignUp } from "./features/auth/SignUp.tsx";
import { NotBuiltYet, NotFound } from "./features/placeholder/pages.tsx";
import { Shell } from "./features/shell/Shell.tsx";
import { session } from "./lib/session.ts";
import { SCREENS, STANDALONE } from "./routes/catalog.ts";
import { ScreenPage } from "./routes/ScreenPage.tsx";

export interface RouterContext {
  queryClient: QueryClient;
}

const root = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  notFoundComponent: NotFound,
});

const redirectSearch = (search: Record<string, unknown>) => ({
  redirect: typeof search.redirect === "string" ? search.redirect : undefined,
});

const signIn = createRoute({
  getParentRoute: () => root,
  path: "/sign-in",
  validateSearch: redirectSearch,
  component: SignIn,
});
const signUp = createRoute({ getParentRoute: () => root, path: "/sign-up", component: SignUp });

/** Every shell route needs a session; without one, sign in and come back. */
const shell = createRoute({
  getParentRoute: () => root,
  id: "shell",
  beforeLoad: ({ location }) => {
    if (!session.get()) throw redirect({ to: "/sign-in", search: { redirect: location.href } });
  },
  component: Shell,
  notFoundComponent: NotFound,
});

/** `/` is the ReachCX home, which redirects to /dashboard; tenants without ReachCX go to their landing. */
const home = createRoute({
  getParentRoute: () => shell,
  path: "/",
  beforeLoad: () => {
    const context = session.get()?.context;
    throw redirect({
      to: context?.licenses.includes("ListManager") ? "/dashboard" : (context?.landing ?? "/sign-in"),
    });
  },
});

const screens = SCREENS.map((screen) =>
  createRoute({
    getParentRoute: () => shell,
    path: screen.path,
    validateSearch: (search: Record<string, unknown>) => search,
    beforeLoad: () => {
      // The admin area is for provider staff only (spec 003 §2.1).
      const context = session.get()?.context;
      if (screen.path.startsWith("/admin") && context?.tenantRole !== SUPER_ADMIN)
        throw redirect({ to: context?.landing ?? "/" });
    },
    component: () => <ScreenPage screen={screen} />,
  }),
);

const standalone = STANDALONE.map((screen) =>
  createRoute({
    getParentRoute: () => root,
    path: screen.path,
    component: () => (
      <Container py="xl">
        <NotBuiltYet screen={screen} />
      </Container>
    ),
  }),
);

const routeTree = root.addChildren([signIn, signUp, ...standalone, shell.addChildren([home, ...screens])]);

export function createAppRouter(queryClient: QueryClient) {
  return createRouter({ routeTree, context: { queryClient }, defaultPreload: "intent" });
}

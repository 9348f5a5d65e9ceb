import { Alert, Center, Container, Loader } from "@mantine/core";
import { MODULE_LICENSE, SUPER_ADMIN } from "@reachcx/core/rights/index";
import {
  type AnyRoute,
  createRootRouteWithContext,
  createRoute,
  createRouter,
  type ErrorComponentProps,
  lazyRouteComponent,
  Outlet,
  type RouterHistory,
  redirect,
} from "@tanstack/react-router";
import { accessOf, type Requirement } from "./features/access/access.ts";
import { Gate } from "./features/access/Gate.tsx";
import { NotBuiltYet, NotFound } from "./features/placeholder/pages.tsx";
import { Shell } from "./features/shell/Shell.tsx";
import { BUILT } from "./routes/built.ts";
import { AREA_MODULE, areaOf, SCREENS, type Screen, STANDALONE } from "./routes/catalog.ts";
import type { RouterContext } from "./routes/context.ts";

declare module "@tanstack/react-router" {
  interface StaticDataRouteOption {
    /** The catalog entry of a screen route: its title and where the spec describes it. */
    screen?: Screen;
  }
}

/**
 * Screens are lazy (each its own chunk, see routes/built.ts), and so are the sign-in pages. The shell is
 * not: it frames every signed-in page, so it comes with the first load and is there the moment the URL is.
 */
const lazy = {
  SignIn: lazyRouteComponent(() => import("./features/auth/SignIn.tsx"), "SignIn"),
  SignUp: lazyRouteComponent(() => import("./features/auth/SignUp.tsx"), "SignUp"),
};

const Pending = () => (
  <Center p="xl">
    <Loader />
  </Center>
);

const Failed = ({ error }: ErrorComponentProps) => (
  <Alert color="red" title="Something went wrong" maw={720}>
    {error instanceof Error ? error.message : String(error)}
  </Alert>
);

const root = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  notFoundComponent: () => (
    <Container py="xl">
      <NotFound />
    </Container>
  ),
});

const redirectSearch = (search: Record<string, unknown>): { redirect?: string } =>
  typeof search.redirect === "string" ? { redirect: search.redirect } : {};

const signIn = createRoute({
  getParentRoute: () => root,
  path: "/sign-in",
  validateSearch: redirectSearch,
  component: lazy.SignIn,
});
const signUp = createRoute({ getParentRoute: () => root, path: "/sign-up", component: lazy.SignUp });

/** Every shell route needs a session; without one, sign in and come back (spec 003 §2.1). */
const shell = createRoute({
  getParentRoute: () => root,
  id: "shell",
  beforeLoad: ({ context, location }) => {
    if (!context.auth.get()) throw redirect({ to: "/sign-in", search: { redirect: location.href } });
  },
  component: Shell,
  notFoundComponent: NotFound,
});

/** `/` is the ReachCX home, which redirects to /dashboard; tenants without ReachCX go to their landing. */
const home = createRoute({
  getParentRoute: () => shell,
  path: "/",
  beforeLoad: ({ context }) => {
    const user = context.auth.get()?.context;
    throw redirect({
      to: user?.licenses.includes(MODULE_LICENSE.ReachCX) ? "/dashboard" : (user?.landing ?? "/sign-in"),
    });
  },
});

/** The admin area is for provider staff only; anyone else goes to their landing page (spec 003 §2.1, §6). */
const admin = createRoute({
  getParentRoute: () => shell,
  id: "admin",
  beforeLoad: ({ context }) => {
    const user = context.auth.get()?.context;
    if (user?.tenantRole !== SUPER_ADMIN) throw redirect({ to: user?.landing ?? "/sign-in" });
  },
});

/** One screen: its built component (its own chunk) or NotBuiltYet, never a blank page. */
function screenRoute(parent: AnyRoute, screen: Screen, need: Requirement) {
  const built = BUILT[screen.path];
  const load = built?.loader;
  return createRoute({
    getParentRoute: () => parent,
    path: screen.path,
    staticData: { screen },
    ...(screen.search ? { validateSearch: screen.search } : {}),
    loader: load
      ? ({ context }) => (accessOf(context.auth.get()?.context, need).ok ? load(context) : undefined)
      : undefined,
    component: built?.component ?? (() => <NotBuiltYet screen={screen} />),
  });
}

/** What a shell screen asks for: the licence of its area's module and its rights position. */
const needOf = (screen: Screen): Requirement => ({
  module: AREA_MODULE[areaOf(screen.path)],
  right: screen.right,
});

/**
 * Screens of the same module and right share one pathless Gate route, which shows 'not licensed' or
 * 'no access' instead of the screen.
 */
function gatedScreens(screens: Screen[]) {
  const groups = new Map<string, { need: Requirement; screens: Screen[] }>();
  for (const screen of screens) {
    const need = needOf(screen);
    const id = `gate-${need.module ?? "any"}-${need.right ?? "any"}`;
    const group = groups.get(id) ?? { need, screens: [] };
    group.screens.push(screen);
    groups.set(id, group);
  }
  return [...groups].map(([id, { need, screens }]) => {
    const gate = createRoute({ getParentRoute: () => shell, id, component: () => <Gate need={need} /> });
    return gate.addChildren(screens.map((screen) => screenRoute(gate, screen, need)));
  });
}

const isAdmin = (screen: Screen) => areaOf(screen.path) === "admin";

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

export const routeTree = root.addChildren([
  signIn,
  signUp,
  ...standalone,
  shell.addChildren([
    home,
    admin.addChildren(SCREENS.filter(isAdmin).map((screen) => screenRoute(admin, screen, {}))),
    ...gatedScreens(SCREENS.filter((screen) => !isAdmin(screen))),
  ]),
]);

export function createAppRouter(context: RouterContext, history?: RouterHistory) {
  return createRouter({
    routeTree,
    context,
    history,
    defaultPreload: "intent",
    // The query cache decides freshness; the router always asks it (ensureQueryData is cheap when fresh).
    defaultPreloadStaleTime: 0,
    defaultPendingComponent: Pending,
    defaultErrorComponent: Failed,
  });
}

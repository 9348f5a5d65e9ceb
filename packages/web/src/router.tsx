import { Alert, Center, Container, Loader } from "@mantine/core";
import { MODULE_LICENSE } from "@reachcx/core/rights/index";
import {
  createRoute,
  createRouter,
  type ErrorComponentProps,
  lazyRouteComponent,
  type RouterHistory,
  redirect,
} from "@tanstack/react-router";
import { NotBuiltYet } from "./features/placeholder/pages.tsx";
import { createUserRoute, tenantsRoute } from "./routes/admin.ts";
import { bulkEditRoute, jobsRoute } from "./routes/bulk-edit.ts";
import { campaignsRoute } from "./routes/campaigns.ts";
import { SCREENS, type Screen, type ScreenPath, STANDALONE, screenAt } from "./routes/catalog.ts";
import { telephonyRoute } from "./routes/config.ts";
import { contactRoute, contactsRoute } from "./routes/contacts.ts";
import type { RouterContext } from "./routes/context.ts";
import { customFieldsRoute } from "./routes/custom-fields.ts";
import { dncRoute } from "./routes/dnc.ts";
import { downloadsRoute } from "./routes/downloads.ts";
import { fieldMappingRoute, fieldMappingsRoute } from "./routes/field-mappings.ts";
import { importRoute, outboxRoute } from "./routes/import.ts";
import { inventorySourceRoute } from "./routes/inventory-source.ts";
import { mobileConfigRoute, mobileConfigsRoute } from "./routes/mobile-config.ts";
import { applicationFrameRoute, vendorEditRoute, vendorsRoute } from "./routes/onboarding.ts";
import { profileRoute, profilesRoute } from "./routes/profiles.ts";
import { restConnectionRoute, restConnectionsRoute } from "./routes/rest-connections.ts";
import { gate, root, shell } from "./routes/root.tsx";
import { segmentRoute, segmentsRoute } from "./routes/segments.ts";
import { sftpRoute } from "./routes/sftp.ts";

/**
 * Screens are lazy (each its own chunk), and so are the sign-in pages. The shell is not: it frames every
 * signed-in page, so it comes with the first load and is there the moment the URL is.
 */
const lazy = {
  SignIn: lazyRouteComponent(() => import("./features/auth/SignIn.tsx"), "SignIn"),
  SignUp: lazyRouteComponent(() => import("./features/auth/SignUp.tsx"), "SignUp"),
  ChangePassword: lazyRouteComponent(() => import("./features/auth/ChangePassword.tsx"), "ChangePassword"),
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

const signIn = createRoute({
  getParentRoute: () => root,
  path: "/sign-in",
  validateSearch: (search: Record<string, unknown>): { redirect?: string } =>
    typeof search.redirect === "string" ? { redirect: search.redirect } : {},
  component: lazy.SignIn,
});
const signUp = createRoute({ getParentRoute: () => root, path: "/sign-up", component: lazy.SignUp });
/** The first sign-in with a temporary password: the user sets their own (NEW_PASSWORD_REQUIRED). */
const changePassword = createRoute({
  getParentRoute: () => root,
  path: "/change-password",
  validateSearch: (search: Record<string, unknown>): { redirect?: string } =>
    typeof search.redirect === "string" ? { redirect: search.redirect } : {},
  component: lazy.ChangePassword,
});

/** `/` is the ReachCX home, which redirects to /dashboard; tenants without ReachCX go to their landing. */
const home = createRoute({
  getParentRoute: () => shell,
  path: "/",
  beforeLoad: ({ context }) => {
    const user = context.auth.get()?.context;
    if (user?.licenses.includes(MODULE_LICENSE.ReachCX)) throw redirect({ to: "/dashboard" });
    throw redirect({ href: user?.landing ?? "/sign-in" });
  },
});

// Spec 003 §2.1: an empty page.
const dynamupdate = createRoute({
  getParentRoute: () => gate,
  path: "/dynamupdate",
  staticData: { screen: screenAt("/dynamupdate") },
  component: () => null,
});

/** The built screens: typed routes (routes/*.ts), so links and navigations to them are checked. */
const built = [
  telephonyRoute,
  contactsRoute,
  contactRoute,
  bulkEditRoute,
  jobsRoute,
  importRoute,
  outboxRoute,
  customFieldsRoute,
  fieldMappingsRoute,
  fieldMappingRoute,
  segmentsRoute,
  segmentRoute,
  campaignsRoute,
  profilesRoute,
  profileRoute,
  dncRoute,
  restConnectionsRoute,
  restConnectionRoute,
  sftpRoute,
  mobileConfigsRoute,
  mobileConfigRoute,
  downloadsRoute,
  inventorySourceRoute,
  tenantsRoute,
  createUserRoute,
  vendorsRoute,
  vendorEditRoute,
  applicationFrameRoute,
  dynamupdate,
] as const;
type BuiltPath = (typeof built)[number]["path"];
type CatalogPath = Exclude<ScreenPath, BuiltPath>;

/** A screen of the catalog that is not built yet: its title and spec section, inside the shell. */
const catalogRoute = <const P extends CatalogPath>(screen: Screen & { path: P }) =>
  createRoute({
    getParentRoute: () => gate,
    path: screen.path,
    staticData: { screen },
    validateSearch: screen.search ?? ((search: Record<string, unknown>) => search),
    component: () => <NotBuiltYet screen={screen} />,
  });

/**
 * The catalog's routes, typed one per path. `map` over the catalog infers one route whose path is the
 * union of all paths (so every link would need every param); each element really is the route of its
 * own path, which this type says, so `to="/e2"` takes no params while `to="/segment/$id"` needs its id.
 */
type CatalogRoutes = { [P in CatalogPath]: ReturnType<typeof catalogRoute<P>> }[CatalogPath];

// By their catalog entry: a route's own `path` is only set once the router has processed the tree.
const isBuilt = (path: string) => built.some((route) => route.options.staticData?.screen?.path === path);
const catalog = SCREENS.filter(
  (screen): screen is (typeof SCREENS)[number] & { path: CatalogPath } => !isBuilt(screen.path),
).map((screen) => catalogRoute(screen) as unknown as CatalogRoutes);

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
  changePassword,
  ...standalone,
  shell.addChildren([home, gate.addChildren([...built, ...catalog])]),
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

// Links and navigations are checked against this tree: a path that is not a route fails the build.
declare module "@tanstack/react-router" {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}

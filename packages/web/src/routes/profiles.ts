import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { profileListQuery, profileQuery } from "../features/profiles/api.ts";
import { PROFILE_PAGE_SIZE, profileListSearch } from "../features/profiles/listSearch.ts";
import { ProfileMissing } from "../features/profiles/ProfileMissing.tsx";
import { screenAt } from "./catalog.ts";
import { gate } from "./root.tsx";
import { whenOpen } from "./screen.ts";

const list = screenAt("/profile");
const editor = screenAt("/profile/$id");

/** /profile: the tenant's dialing profiles, ten a page (spec 003 §2.6). */
export const profilesRoute = createRoute({
  getParentRoute: () => gate,
  path: "/profile",
  staticData: { screen: list },
  validateSearch: profileListSearch,
  loaderDeps: ({ search }) => ({ cursor: search.cursors?.at(-1) }),
  loader: ({ context, deps }) =>
    whenOpen(context, list, () =>
      context.queryClient.ensureQueryData(profileListQuery(PROFILE_PAGE_SIZE, deps.cursor)),
    ),
  component: lazyRouteComponent(() => import("../features/profiles/ProfileList.tsx"), "ProfileList"),
});

const parseId = ({ id }: { id: string }) => {
  if (!id || id.length > 100) throw new Error("Not a profile id.");
  return { id };
};

/** /profile/{id}, 'new' creates (spec 002 Routes). */
export const profileRoute = createRoute({
  getParentRoute: () => gate,
  path: "/profile/$id",
  staticData: { screen: editor },
  params: { parse: parseId, stringify: ({ id }) => ({ id }) },
  loader: ({ context, params }) =>
    whenOpen(context, editor, () =>
      params.id === "new"
        ? Promise.resolve(null)
        : context.queryClient.ensureQueryData(profileQuery(params.id)),
    ),
  errorComponent: ProfileMissing,
  component: lazyRouteComponent(() => import("../features/profiles/ProfileEditor.tsx"), "ProfileEditor"),
});

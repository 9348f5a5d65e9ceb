import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { contactListQuery, contactQuery } from "../features/contacts/api.ts";
import { ContactMissing } from "../features/contacts/detail/ContactMissing.tsx";
import { contactListSearch } from "../features/contacts/listSearch.ts";
import { screenAt } from "./catalog.ts";
import { gate } from "./root.tsx";
import { whenOpen } from "./screen.ts";

/** Spec 003 §2.2: the list's page size. */
export const CONTACT_PAGE_SIZE = 10;

const list = screenAt("/contacts");
const detail = screenAt("/contact/$id");

/**
 * /contacts: the view (search, sort, page) lives in the URL. The loader fetches the page before the list
 * renders; a search the API refuses (its syntax) does not fail the route: the list shows why on the
 * search box, where the user can fix it.
 */
export const contactsRoute = createRoute({
  getParentRoute: () => gate,
  path: "/contacts",
  staticData: { screen: list },
  validateSearch: contactListSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    whenOpen(context, list, () =>
      context.queryClient
        .ensureQueryData(
          contactListQuery({
            search: deps.q ?? "",
            sort: deps.sort,
            limit: CONTACT_PAGE_SIZE,
            cursor: deps.cursors?.at(-1),
          }),
        )
        .catch(() => undefined),
    ),
  component: lazyRouteComponent(() => import("../features/contacts/ContactList.tsx"), "ContactList"),
});

/** An id is what the API hands out: bounded text, no slash (the router splits on those anyway). */
const parseId = ({ id }: { id: string }) => {
  if (!id || id.length > 100) throw new Error("Not a contact id.");
  return { id };
};

/** /contact/{id}: the contact, loaded before the screen renders; one that cannot be is said instead. */
export const contactRoute = createRoute({
  getParentRoute: () => gate,
  path: "/contact/$id",
  staticData: { screen: detail },
  params: { parse: parseId, stringify: ({ id }) => ({ id }) },
  loader: ({ context, params }) =>
    whenOpen(context, detail, () => context.queryClient.ensureQueryData(contactQuery(params.id))),
  errorComponent: ContactMissing,
  component: lazyRouteComponent(
    () => import("../features/contacts/detail/ContactDetail.tsx"),
    "ContactDetail",
  ),
});

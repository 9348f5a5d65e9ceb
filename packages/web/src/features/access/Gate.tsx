import { Outlet, useMatches } from "@tanstack/react-router";
import { useSession } from "../../lib/session.ts";
import { NoAccess, NotLicensed } from "../placeholder/pages.tsx";
import { accessOf, type Requirement } from "./access.ts";

/**
 * A pathless layout route around the screens of one module and rights position: the screen when the
 * tenant holds the licence and the user the right, otherwise a page that says which is missing.
 * It follows the session, so a licence granted while signed in opens the screen without a reload.
 */
export function Gate({ need }: { need: Requirement }) {
  const access = accessOf(useSession()?.context, need);
  const title = useMatches({ select: (matches) => matches.at(-1)?.staticData.screen?.title });
  if (access.ok) return <Outlet />;
  return access.reason === "unlicensed" ? <NotLicensed module={access.module} /> : <NoAccess title={title} />;
}

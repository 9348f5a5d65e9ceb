import { Outlet, useMatches } from "@tanstack/react-router";
import { useSession } from "../../lib/session.ts";
import { Refused } from "../placeholder/pages.tsx";
import { accessOf } from "./access.ts";

/**
 * The pathless layout route around every shell screen: the screen when the caller meets its need (the
 * catalog entry in the route's staticData), otherwise a page that says what is missing, in core's words.
 * It follows the session, so a licence granted while signed in opens the screen without a reload.
 */
export function Gate() {
  const context = useSession()?.context;
  const screen = useMatches({ select: (matches) => matches.at(-1)?.staticData.screen });
  if (!screen) return <Outlet />;
  const access = accessOf(context, screen.need);
  return access.ok ? <Outlet /> : <Refused access={access} title={screen.title} />;
}

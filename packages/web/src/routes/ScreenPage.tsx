import { MODULE_LICENSE } from "@reachcx/core/rights/index";
import type { ComponentType } from "react";
import { ContactList } from "../features/contacts/ContactList.tsx";
import { Empty, NoAccess, NotBuiltYet, NotLicensed } from "../features/placeholder/pages.tsx";
import { Telephony } from "../features/settings/Telephony.tsx";
import { useSession } from "../lib/session.ts";
import { AREA_MODULE, areaOf, type Screen } from "./catalog.ts";

/** Screens that are built, by path. Everything else in the catalog shows NotBuiltYet. */
const BUILT: Record<string, ComponentType> = {
  "/config": Telephony,
  "/contacts": ContactList,
  "/dynamupdate": Empty,
};

/** One screen of the shell, after the licence of its module and the right of its section are checked. */
export function ScreenPage({ screen }: { screen: Screen }) {
  const context = useSession()?.context;
  if (!context) return null;
  const module = AREA_MODULE[areaOf(screen.path)];
  if (module && !context.licenses.includes(MODULE_LICENSE[module])) return <NotLicensed module={module} />;
  if (screen.right && !context.rights[screen.right]) return <NoAccess title={screen.title} />;
  const Built = BUILT[screen.path];
  return Built ? <Built /> : <NotBuiltYet screen={screen} />;
}

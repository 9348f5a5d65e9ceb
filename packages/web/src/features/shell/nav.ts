import type { NeedName } from "@reachcx/core/rights/access";
import { type Area, areaOf, SCREENS } from "../../routes/catalog.ts";

export interface NavItem {
  label: string;
  to: string;
  /** The catalog need of its screen: the drawer shows the item only to a caller who may open it. */
  need: NeedName;
  /**
   * Highlighted only on its own path when another item lies under it (/config, /e2, /admin), so one
   * item is active at a time; otherwise also on the screens below it (/config/rest-connections/{id}).
   */
  exact: boolean;
}

export interface NavSection {
  label: string;
  items: NavItem[];
}

/** An area's drawer: its catalog entries with a `nav`, grouped by section, both in catalog order. */
function sectionsOf(area: Area): NavSection[] {
  const entries = SCREENS.filter((screen) => "nav" in screen && areaOf(screen.path) === area);
  const sections: NavSection[] = [];
  for (const screen of entries) {
    if (!("nav" in screen)) continue;
    const nav: { section: string; label?: string } = screen.nav;
    const exact = entries.some((other) => other.path.startsWith(`${screen.path}/`));
    const item = { label: nav.label ?? screen.title, to: screen.path, need: screen.need, exact };
    const section = sections.find((s) => s.label === nav.section);
    if (section) section.items.push(item);
    else sections.push({ label: nav.section, items: [item] });
  }
  return sections;
}

/**
 * The left drawer of each area (spec 003 §2.1, §2.9, §2.10; spec 001 §2.1; spec 002 Navigation),
 * derived from the route catalog, so a screen's label, path and need are declared once.
 */
export const NAV: Record<Area, NavSection[]> = {
  reachcx: sectionsOf("reachcx"),
  e2: sectionsOf("e2"),
  ppay: sectionsOf("ppay"),
  config: sectionsOf("config"),
  admin: sectionsOf("admin"),
};

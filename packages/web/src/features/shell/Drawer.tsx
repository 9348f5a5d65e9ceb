import { NavLink, ScrollArea } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import type { Area } from "../../routes/catalog.ts";
import { accessOf } from "../access/access.ts";
import { NAV, type NavSection } from "./nav.ts";

type Caller = Parameters<typeof accessOf>[0];

/** The items the caller may open (the need their route's gate checks); a section shows when it has any. */
export const sectionsFor = (area: Area, caller: Caller): NavSection[] =>
  NAV[area]
    .map((section) => ({ ...section, items: section.items.filter((item) => accessOf(caller, item.need).ok) }))
    .filter((section) => section.items.length > 0);

/**
 * The left drawer (spec 003 §2.1, §2.9, §2.10; spec 002 Navigation): the area's groups, each collapsible
 * and open at first. The router's Link decides which item is active (it sets data-status and
 * aria-current), and Mantine's highlight follows it through data-active, so the two never disagree.
 */
export function Drawer({
  area,
  caller,
  onNavigate,
}: {
  area: Area;
  caller: Caller;
  /** Called when an item is chosen (the mobile drawer closes). */
  onNavigate?: () => void;
}) {
  return (
    <ScrollArea data-testid="nav-drawer" py="xs">
      <nav aria-label="Sections">
        {sectionsFor(area, caller).map((section) => (
          <NavLink
            key={section.label}
            component="button"
            label={section.label}
            defaultOpened
            childrenOffset="sm"
            fw={600}
            data-testid={`nav-section-${section.label}`}
          >
            {section.items.map((item) => (
              <NavLink
                key={item.to}
                component={Link}
                to={item.to}
                label={item.label}
                fw={400}
                // Search params do not count: /contacts?q=x is still the Contacts item.
                activeOptions={{ exact: item.exact, includeSearch: false }}
                activeProps={{ "data-active": true }}
                onClick={onNavigate}
              />
            ))}
          </NavLink>
        ))}
      </nav>
    </ScrollArea>
  );
}

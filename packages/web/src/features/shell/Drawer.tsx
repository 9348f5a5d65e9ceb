import { NavLink, ScrollArea } from "@mantine/core";
import type { Right } from "@reachcx/core/rights/index";
import { Link } from "@tanstack/react-router";
import type { Area } from "../../routes/catalog.ts";
import { sectionsFor } from "./nav.ts";

/** Highlights the item of the current path; /e2 is both the E2 list and the prefix of every E2 screen. */
const isActive = (pathname: string, to: string) =>
  pathname === to || (to !== "/e2" && to !== "/admin" && to !== "/config" && pathname.startsWith(`${to}/`));

/**
 * The left drawer (spec 003 §2.1, §2.9, §2.10; spec 002 Navigation): the area's groups, each collapsible
 * and open at first, the ReachCX ones shown by rights position. The burger in the top bar hides it.
 */
export function Drawer({
  area,
  rights,
  pathname,
}: {
  area: Area;
  rights: Record<Right, boolean>;
  pathname: string;
}) {
  return (
    <ScrollArea data-testid="nav-drawer" py="xs">
      {sectionsFor(area, rights).map((section) => (
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
              active={isActive(pathname, item.to)}
            />
          ))}
        </NavLink>
      ))}
    </ScrollArea>
  );
}

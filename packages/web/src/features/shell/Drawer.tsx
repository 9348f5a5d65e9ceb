import { NavLink, ScrollArea, Text } from "@mantine/core";
import type { Right } from "@reachcx/core/rights/index";
import { Link } from "@tanstack/react-router";
import type { Area } from "../../routes/catalog.ts";
import { sectionsFor } from "./nav.ts";

/** The collapsible left drawer: the area's sections, the ReachCX ones gated by rights position. */
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
    <ScrollArea data-testid="nav-drawer">
      {sectionsFor(area, rights).map((section) => (
        <div key={section.label}>
          <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" pt="md" pb={4}>
            {section.label}
          </Text>
          {section.items.map((item) => (
            <NavLink
              key={item.to}
              component={Link}
              to={item.to}
              label={item.label}
              active={pathname === item.to || (item.to !== "/e2" && pathname.startsWith(`${item.to}/`))}
            />
          ))}
        </div>
      ))}
    </ScrollArea>
  );
}

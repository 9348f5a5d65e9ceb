import { Button, Group } from "@mantine/core";
import { type Module, modulesFor } from "@reachcx/core/rights/index";
import { Link } from "@tanstack/react-router";

const HOME: Record<Module, string> = { ReachCX: "/dashboard", E2: "/e2", C3: "/ppay" };

/**
 * ReachCX, E2 and C3, each shown only when the tenant holds its licence (spec 003 §6). A labelled nav
 * landmark: a plain div may not carry aria-label.
 */
export function ModuleSwitcher({ licenses, active }: { licenses: string[]; active?: Module }) {
  return (
    <Group component="nav" gap={4} aria-label="Modules">
      {modulesFor(licenses).map((module) => (
        <Button
          key={module}
          component={Link}
          to={HOME[module]}
          size="compact-sm"
          variant={module === active ? "filled" : "subtle"}
          data-testid={`module-${module}`}
        >
          {module}
        </Button>
      ))}
    </Group>
  );
}

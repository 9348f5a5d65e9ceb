import { ActionIcon, AppShell, Burger, Button, Group, Text, Title, Tooltip } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { SUPER_ADMIN } from "@reachcx/core/rights/index";
import { IconSettings } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { Link, Outlet, useLocation, useRouter } from "@tanstack/react-router";
import { useEffect } from "react";
import { useRealtime } from "../../lib/realtime.ts";
import { session, useSession } from "../../lib/session.ts";
import { AREA_MODULE, AREA_TITLE, areaOf } from "../../routes/catalog.ts";
import { meQuery } from "../auth/api.ts";
import { Drawer } from "./Drawer.tsx";
import { HelpMenu } from "./HelpMenu.tsx";
import { ModuleSwitcher } from "./ModuleSwitcher.tsx";
import { UserMenu } from "./UserMenu.tsx";

/** The signed-in shell (spec 003 §2.1): top bar, module switcher, collapsible drawer, the page. */
export function Shell() {
  const [opened, { toggle }] = useDisclosure(true);
  const { pathname } = useLocation();
  const current = useSession();
  const router = useRouter();
  useRealtime();

  // Signed out elsewhere (another tab, an expired token): sign in again and come back here.
  useEffect(() => {
    const here = router.latestLocation;
    if (current || here.pathname.startsWith("/sign-")) return;
    void router.navigate({ to: "/sign-in", search: { redirect: here.href }, replace: true });
  }, [current, router]);

  // Licences and company can change while signed in (admin actions): keep the stored context fresh.
  const me = useQuery(meQuery());
  useEffect(() => {
    if (me.data) session.updateContext(me.data.context);
  }, [me.data]);

  if (!current) return null;
  const { context } = current;
  const area = areaOf(pathname);

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 250, breakpoint: "sm", collapsed: { mobile: !opened, desktop: !opened } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} size="sm" aria-label="Toggle navigation" />
            <Title order={3} data-testid="app-title">
              {AREA_TITLE[area]}
            </Title>
            <ModuleSwitcher licenses={context.licenses} active={AREA_MODULE[area]} />
          </Group>
          <Group gap="sm" wrap="nowrap">
            {context.tenantRole === SUPER_ADMIN && (
              <Button
                component={Link}
                to="/admin"
                variant="light"
                size="compact-sm"
                data-testid="admin-entry"
              >
                Admin
              </Button>
            )}
            {context.rights.configuration && (
              <>
                <Text size="sm" fw={500} data-testid="company-name">
                  {context.company}
                </Text>
                <Tooltip label="Configuration">
                  <ActionIcon
                    component={Link}
                    to="/config"
                    variant="subtle"
                    aria-label="Configuration"
                    data-testid="config-gear"
                  >
                    <IconSettings size={20} />
                  </ActionIcon>
                </Tooltip>
              </>
            )}
            <HelpMenu pathname={pathname} />
            <UserMenu context={context} />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar>
        <Drawer area={area} rights={context.rights} pathname={pathname} />
      </AppShell.Navbar>
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}

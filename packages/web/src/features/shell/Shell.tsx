import { ActionIcon, AppShell, Burger, Button, Group, Text, Title, Tooltip } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconSettings } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { Link, Outlet, useLocation, useRouter } from "@tanstack/react-router";
import { type ReactNode, useEffect } from "react";
import { session, useSession } from "../../lib/session.ts";
import { AREA_MODULE, AREA_TITLE, areaOf } from "../../routes/catalog.ts";
import { accessOf } from "../access/access.ts";
import { meQuery } from "../auth/api.ts";
import { Drawer } from "./Drawer.tsx";
import { HelpMenu } from "./HelpMenu.tsx";
import { useLiveUpdates } from "./live.ts";
import { ModuleSwitcher } from "./ModuleSwitcher.tsx";
import { UserMenu } from "./UserMenu.tsx";

/**
 * The signed-in shell (spec 003 §2.1): top bar, module switcher, collapsible drawer, the page. Below the
 * `sm` breakpoint the drawer is an overlay, closed at first and closed again by any navigation, and the
 * top bar drops the area title and company name so it stays one line at 390 px.
 */
export function Shell({ children }: { children?: ReactNode }) {
  const [desktopOpened, { toggle: toggleDesktop }] = useDisclosure(true);
  const [mobileOpened, { toggle: toggleMobile, close: closeMobile }] = useDisclosure(false);
  const { pathname } = useLocation();
  const current = useSession();
  const router = useRouter();
  useLiveUpdates();

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

  // Any navigation (a drawer item, a module, a link on the page) closes the mobile drawer.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each new path
  useEffect(closeMobile, [pathname]);

  if (!current) return null;
  const { context } = current;
  const area = areaOf(pathname);

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{
        width: 250,
        breakpoint: "sm",
        collapsed: { mobile: !mobileOpened, desktop: !desktopOpened },
      }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px={{ base: "xs", sm: "md" }} justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={mobileOpened}
              onClick={toggleMobile}
              hiddenFrom="sm"
              size="sm"
              aria-label="Toggle navigation"
              aria-expanded={mobileOpened}
              aria-controls="app-navigation"
              data-testid="burger-mobile"
            />
            <Burger
              opened={desktopOpened}
              onClick={toggleDesktop}
              visibleFrom="sm"
              size="sm"
              aria-label="Toggle navigation"
              aria-expanded={desktopOpened}
              aria-controls="app-navigation"
            />
            <Title order={3} data-testid="app-title" visibleFrom="sm">
              {AREA_TITLE[area]}
            </Title>
            <ModuleSwitcher licenses={context.licenses} active={AREA_MODULE[area]} />
          </Group>
          <Group gap="xs" wrap="nowrap">
            {accessOf(context, "provider").ok && (
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
            {accessOf(context, "configuration").ok && (
              <>
                <Text
                  size="sm"
                  fw={500}
                  data-testid="company-name"
                  visibleFrom="sm"
                  style={{ whiteSpace: "nowrap" }}
                >
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
      <AppShell.Navbar id="app-navigation">
        <Drawer area={area} caller={context} onNavigate={closeMobile} />
      </AppShell.Navbar>
      <AppShell.Main>{children ?? <Outlet />}</AppShell.Main>
    </AppShell>
  );
}

import { Avatar, Menu, Text, UnstyledButton, VisuallyHidden } from "@mantine/core";
import type { UserContext } from "@reachcx/core/context/index";
import { IconLogout, IconShieldLock } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { session } from "../../lib/session.ts";
import { accessOf } from "../access/access.ts";

export function UserMenu({ context }: { context: UserContext }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // Leave the shell first, then forget the session and every cached answer of it.
  const logout = async () => {
    await navigate({ to: "/sign-in" });
    session.set(null);
    queryClient.clear();
  };
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        {/* Named by its text, not aria-label: a label that left out the visible initials would not match
            what a speech-input user reads on the button (WCAG 2.5.3). */}
        <UnstyledButton data-testid="user-menu">
          <Avatar size="sm" color="blue" name={context.name} aria-hidden />
          <VisuallyHidden>User menu</VisuallyHidden>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600}>
            {context.name}
          </Text>
          <Text size="xs">{context.email}</Text>
        </Menu.Label>
        {accessOf(context, "provider").ok && (
          <Menu.Item
            leftSection={<IconShieldLock size={16} />}
            onClick={() => void navigate({ to: "/admin" })}
          >
            Admin
          </Menu.Item>
        )}
        <Menu.Item leftSection={<IconLogout size={16} />} onClick={() => void logout()} data-testid="logout">
          Logout
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

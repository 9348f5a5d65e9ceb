import { ActionIcon, Menu } from "@mantine/core";
import { IconHelp } from "@tabler/icons-react";
import { helpPdf } from "../../routes/catalog.ts";

export const SUPPORT_EMAIL = "support@reachcx.example";

/** Contact Support (an email to support) and Help Documentation (a pdf named after the path), spec 003 §2.1. */
export function HelpMenu({ pathname }: { pathname: string }) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" aria-label="Help" data-testid="help-menu">
          <IconHelp size={20} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component="a" href={`mailto:${SUPPORT_EMAIL}`}>
          Contact Support
        </Menu.Item>
        <Menu.Item component="a" href={helpPdf(pathname)} target="_blank" rel="noopener">
          Help Documentation
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

import { Stack, Tabs, Title } from "@mantine/core";
import { getRouteApi } from "@tanstack/react-router";
import { ExportTab } from "./ExportForm.tsx";
import { ImportTab } from "./ImportTab.tsx";
import { type SftpTab, tabOf } from "./search.ts";

const route = getRouteApi("/shell/gate/config/sftp");

/** SFTP Connections (spec 001 §2.3): tabs SFTP Import and SFTP Export, the tab in the URL (?tab=export). */
export function SftpScreen() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const tab = tabOf(search);
  // A tab change starts the import table at its first page.
  const choose = (value: string | null) =>
    void navigate({ search: (value as SftpTab | null) === "export" ? { tab: "export" } : {} });
  return (
    <Stack>
      <Title order={2}>SFTP Connections</Title>
      <Tabs value={tab} onChange={choose} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="import">SFTP Import</Tabs.Tab>
          <Tabs.Tab value="export">SFTP Export</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="import" pt="md">
          <ImportTab />
        </Tabs.Panel>
        <Tabs.Panel value="export" pt="md">
          <ExportTab />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

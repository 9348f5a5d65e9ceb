import { Badge, Button, Group, Loader, Stack, Table, Text, Title } from "@mantine/core";
import { modals } from "@mantine/modals";
import { notifications } from "@mantine/notifications";
import {
  PAUSED_MESSAGE,
  RESTARTED_MESSAGE,
  startedMessage,
  stoppedMessage,
} from "@reachcx/core/campaign/schema";
import { startPauseRestartOf } from "@reachcx/core/campaign/state";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { getRouteApi } from "@tanstack/react-router";
import { useState } from "react";
import { Pager, urlPages } from "../../lib/paging.tsx";
import { EmptyRow } from "../../lib/RecordRows.tsx";
import { type CampaignOp, type CampaignRow, campaignKeys, campaignListQuery, campaignOps } from "./api.ts";
import { CampaignDialog } from "./CampaignDialog.tsx";
import { ExportDialog } from "./ExportDialog.tsx";
import { CAMPAIGN_PAGE_SIZE } from "./listSearch.ts";
import { useLiveStatusToasts } from "./liveToasts.ts";
import { ScheduleDialog } from "./ScheduleDialog.tsx";
import { StatusDialog } from "./StatusDialog.tsx";

const route = getRouteApi("/shell/gate/campaigns");

/** Spec 002 §4 row progress messages, shown in the status cell while the row's operation runs. */
const PROGRESS: Record<CampaignOp, string> = {
  start: "Loading campaign",
  pause: "Pausing cache",
  restart: "Restarting cache",
  terminate: "Clearing cache",
  reset: "Clearing cache",
  delete: "Deleting campaign...",
};

const LABEL = { start: "Start", pause: "Pause", restart: "Restart" } as const;

/** The toast of a finished operation (spec 002 §8 and §4 Live updates). */
function doneMessage(op: CampaignOp, row: CampaignRow): string | null {
  if (op === "start") return startedMessage(row.name);
  if (op === "pause") return PAUSED_MESSAGE;
  if (op === "restart") return RESTARTED_MESSAGE;
  if (op === "terminate") return stoppedMessage(row.name);
  return null;
}

/** Ours: the confirmations' words (spec 002 names the dialogs, and says what End Campaign does). */
const CONFIRM: Partial<Record<CampaignOp, { title: string; body: string; label: string }>> = {
  terminate: {
    title: "End Campaign",
    body: "This sets the campaign to Completed and removes it from the list manager.",
    label: "End Campaign",
  },
  reset: {
    title: "Reset Campaign",
    body: "This clears the campaign's list and builds it again from its segments.",
    label: "Reset",
  },
  delete: { title: "Delete Campaign", body: "Your campaign will be permanently deleted.", label: "Delete" },
};

/**
 * The Campaigns screen (spec 002 Campaigns screen): Name, Skill (source-skillName), Profile, Status,
 * Expires, Sort; ten a page, newest first. Row actions Start/Pause/Restart, End Campaign, Reset and Delete
 * follow the enable rules of the campaign's status (answered by the API as `actions`); while an operation
 * runs on a row its status cell shows the progress message with a spinner and its actions are disabled.
 */
export function CampaignList() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const queryClient = useQueryClient();
  const list = useQuery(campaignListQuery(CAMPAIGN_PAGE_SIZE, search.cursors?.at(-1)));
  const pages = urlPages(search, navigate);
  const [busy, setBusy] = useState<Record<string, string>>({});
  const [statusOf, setStatusOf] = useState<CampaignRow | null>(null);
  const [exportOf, setExportOf] = useState<CampaignRow | null>(null);
  const [scheduleOf, setScheduleOf] = useState<string | null>(null);
  const markOwn = useLiveStatusToasts(list.data?.items);

  const run = async (op: CampaignOp, row: CampaignRow) => {
    setBusy((b) => ({ ...b, [row.id]: PROGRESS[op] }));
    markOwn(row.id);
    try {
      // The CXone skill stop or start the operation made, in spec 002 §8's words (delete answers nothing).
      const { skill }: { skill?: { ok: boolean; message: string } | null } =
        (await campaignOps[op](row)) ?? {};
      if (skill) notifications.show({ message: skill.message, color: skill.ok ? undefined : "yellow" });
      const message = doneMessage(op, row);
      if (message) notifications.show({ message });
    } catch (err) {
      notifications.show({ color: "red", message: (err as Error).message, autoClose: 5000 });
    } finally {
      markOwn(row.id);
      await queryClient.invalidateQueries({ queryKey: campaignKeys.all });
      setBusy(({ [row.id]: _, ...rest }) => rest);
    }
  };

  const ask = (op: CampaignOp, row: CampaignRow) => {
    const confirm = CONFIRM[op];
    if (!confirm) return void run(op, row);
    modals.openConfirmModal({
      title: `${confirm.title}: ${row.name}`,
      children: <Text size="sm">{confirm.body}</Text>,
      labels: { confirm: confirm.label, cancel: "Cancel" },
      confirmProps: { color: "red" },
      onConfirm: () => void run(op, row),
    });
  };

  /** The dialog lives in the URL (?dialog=create|edit|clone&id=), so back and reload keep it. */
  const openDialog = (dialog: "create" | "edit" | "clone", id?: string) =>
    void navigate({ search: (s) => ({ ...s, dialog, id }) });
  const closeDialog = () => void navigate({ search: (s) => ({ ...s, dialog: undefined, id: undefined }) });

  const data = list.data;
  return (
    <Stack>
      <Group gap="xs">
        <Title order={1} size="h2">
          Campaigns
        </Title>
        {list.isFetching && <Loader size="xs" aria-label="Loading" />}
        <Button ml="auto" onClick={() => openDialog("create")}>
          + Campaign
        </Button>
      </Group>
      {search.dialog && <CampaignDialog mode={search.dialog} id={search.id} onClose={closeDialog} />}
      {statusOf && <StatusDialog campaign={statusOf} onClose={() => setStatusOf(null)} />}
      {exportOf && <ExportDialog campaign={exportOf} onClose={() => setExportOf(null)} />}
      {scheduleOf && <ScheduleDialog campaignId={scheduleOf} onClose={() => setScheduleOf(null)} />}
      <Table data-testid="campaigns-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Skill</Table.Th>
            <Table.Th>Profile</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Expires</Table.Th>
            <Table.Th>Sort</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data?.items.map((row) => {
            const progress = busy[row.id];
            const button = startPauseRestartOf(row.status);
            const disabled = progress !== undefined;
            return (
              <Table.Tr key={row.id} data-testid={`campaign-${row.id}`}>
                <Table.Td>{row.name}</Table.Td>
                <Table.Td>
                  {row.skillSource}-{row.skillName}
                </Table.Td>
                <Table.Td>{row.profileName}</Table.Td>
                <Table.Td>
                  {progress ? (
                    <Group gap={6} wrap="nowrap">
                      <Loader size="xs" aria-hidden />
                      <Text size="sm">{progress}</Text>
                    </Group>
                  ) : (
                    <Badge variant="light" color={row.status === "Active" ? "green" : "gray"}>
                      {row.status}
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>
                  {row.expireDate ? new Date(row.expireDate).toLocaleString() : ""}
                  {row.expired && row.status !== "Expired" ? " (passed)" : ""}
                </Table.Td>
                <Table.Td>{row.sort ? "Yes" : "No"}</Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      disabled={disabled || !row.actions.status}
                      onClick={() => setStatusOf(row)}
                      aria-label={`Campaign Status ${row.name}`}
                    >
                      Status
                    </Button>
                    {button && (
                      <Button
                        size="compact-xs"
                        variant="light"
                        disabled={disabled || !row.actions.startPauseRestart}
                        onClick={() => void run(button, row)}
                        aria-label={`${LABEL[button]} ${row.name}`}
                      >
                        {LABEL[button]}
                      </Button>
                    )}
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      color="red"
                      disabled={disabled || !row.actions.terminate}
                      onClick={() => ask("terminate", row)}
                      aria-label={`End Campaign ${row.name}`}
                    >
                      End Campaign
                    </Button>
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      disabled={disabled || !row.actions.clone}
                      onClick={() => openDialog("clone", row.id)}
                      aria-label={`Clone ${row.name}`}
                    >
                      Clone
                    </Button>
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      disabled={disabled || !row.actions.edit}
                      onClick={() => openDialog("edit", row.id)}
                      aria-label={`Edit ${row.name}`}
                    >
                      Edit
                    </Button>
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      disabled={disabled || !row.actions.schedule}
                      onClick={() => setScheduleOf(row.id)}
                      aria-label={`Schedule ${row.name}`}
                    >
                      Schedule
                    </Button>
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      disabled={disabled || !row.actions.reset}
                      onClick={() => ask("reset", row)}
                      aria-label={`Reset ${row.name}`}
                    >
                      Reset
                    </Button>
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      color="red"
                      disabled={disabled || !row.actions.delete}
                      onClick={() => ask("delete", row)}
                      aria-label={`Delete ${row.name}`}
                    >
                      Delete
                    </Button>
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      disabled={disabled || !row.actions.export}
                      onClick={() => setExportOf(row)}
                      aria-label={`Export ${row.name}`}
                    >
                      Export
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
          {data && data.items.length === 0 && <EmptyRow columns={7}>No campaigns yet.</EmptyRow>}
        </Table.Tbody>
      </Table>
      <Pager pages={pages} nextCursor={data?.nextCursor} />
    </Stack>
  );
}

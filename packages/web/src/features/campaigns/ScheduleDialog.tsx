import {
  ActionIcon,
  Alert,
  Button,
  Chip,
  Group,
  Loader,
  Modal,
  NumberInput,
  Select,
  Stack,
  Table,
  Tabs,
  Text,
  VisuallyHidden,
} from "@mantine/core";
import { TimeInput } from "@mantine/dates";
import { modals } from "@mantine/modals";
import { notifications } from "@mantine/notifications";
import type { Campaign } from "@reachcx/core/campaign/api";
import {
  DAY_LABELS,
  DEFAULT_EVENT_TIME,
  DELETE_EVENT_ERROR,
  DELETE_EVENT_TITLE,
  FILL_ALL_FIELDS_MESSAGE,
  nextEventTime,
  RATIO_ALL_ZERO_MESSAGE,
  randomEventId,
  SCHEDULE_ACTION_LABELS,
  SCHEDULE_ACTIONS,
  type ScheduleAction,
  timezoneNote,
} from "@reachcx/core/campaign/schedule-schema";
import { IconTrash } from "@tabler/icons-react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { api, unwrap } from "../../lib/api.ts";
import { EmptyRow } from "../../lib/RecordRows.tsx";
import { campaignKeys, campaignQuery } from "./api.ts";

type ScheduleBody = Parameters<(typeof api)["cache"]["create-schedule"]["$post"]>[0]["json"];
type EventType = "campaignStatus" | "segmentRatio";

const postSchedule = (json: ScheduleBody) => unwrap(api.cache["create-schedule"].$post({ json }));

/** The browser's IANA zone: the events' times are read in it (the timezone note says which). */
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";

const daysText = (days: readonly number[]) => days.map((d) => DAY_LABELS[d]).join(", ");

/**
 * The Scheduling dialog (spec 002 Scheduling dialog, §5 Schedule, §9): Campaign Actions and Segment
 * Ratios tabs, each with a new-event form (days SU..SA, time HH:mm from 08:00 then +5 minutes after each
 * add, the timezone note, an action or per-segment ratios) and the table of the campaign's events with
 * delete ('Delete Event' confirmation, 'Error deleting event' when it fails). Each event is a schedule on
 * the server (POST /api/cache/create-schedule).
 */
export function ScheduleDialog({ campaignId, onClose }: { campaignId: string; onClose: () => void }) {
  const campaign = useQuery(campaignQuery(campaignId));
  const [time, setTime] = useState(DEFAULT_EVENT_TIME);
  const data = campaign.data;
  return (
    <Modal opened onClose={onClose} title={data ? `Schedule: ${data.name}` : "Schedule"} size="xl">
      {!data ? (
        campaign.isError ? (
          <Alert color="red">{(campaign.error as Error).message}</Alert>
        ) : (
          <Loader size="sm" aria-label="Loading" />
        )
      ) : (
        <Tabs defaultValue="campaignStatus">
          <Tabs.List>
            <Tabs.Tab value="campaignStatus">Campaign Actions</Tabs.Tab>
            <Tabs.Tab value="segmentRatio">Segment Ratios</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="campaignStatus" pt="md">
            <EventTab type="campaignStatus" campaign={data} time={time} setTime={setTime} />
          </Tabs.Panel>
          <Tabs.Panel value="segmentRatio" pt="md">
            <EventTab type="segmentRatio" campaign={data} time={time} setTime={setTime} />
          </Tabs.Panel>
        </Tabs>
      )}
    </Modal>
  );
}

function EventTab({
  type,
  campaign,
  time,
  setTime,
}: {
  type: EventType;
  campaign: Campaign;
  time: string;
  setTime: (time: string) => void;
}) {
  const queryClient = useQueryClient();
  const zone = browserZone();
  const [days, setDays] = useState<string[]>([]);
  const [action, setAction] = useState<ScheduleAction | null>(null);
  const [ratios, setRatios] = useState<Record<string, number | string>>(() =>
    Object.fromEntries(campaign.segments.map((s) => [s.segmentId, s.segmentRatio])),
  );
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const segments = campaign.segments.map((s) => ({
    segmentId: s.segmentId,
    segmentRatio: typeof ratios[s.segmentId] === "number" ? (ratios[s.segmentId] as number) : Number.NaN,
  }));

  const add = async () => {
    const validTime = /^\d{2}:\d{2}$/.test(time);
    const ratiosGiven = segments.every((s) => Number.isInteger(s.segmentRatio));
    if (days.length === 0 || !validTime || (type === "campaignStatus" ? !action : !ratiosGiven)) {
      setError(FILL_ALL_FIELDS_MESSAGE);
      return;
    }
    if (type === "segmentRatio" && !segments.some((s) => s.segmentRatio > 0)) {
      setError(RATIO_ALL_ZERO_MESSAGE);
      return;
    }
    const base = { id: randomEventId(), days: days.map(Number).sort(), time, timeZone: zone };
    setSaving(true);
    try {
      await postSchedule(
        type === "campaignStatus"
          ? { campaignId: campaign.id, eventType: type, event: { ...base, action: action as ScheduleAction } }
          : { campaignId: campaign.id, eventType: type, event: { ...base, segments } },
      );
      setError(null);
      setDays([]);
      setAction(null);
      setTime(nextEventTime(time));
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setSaving(false);
      await queryClient.invalidateQueries({ queryKey: campaignKeys.all });
    }
  };

  const remove = (id: number) =>
    modals.openConfirmModal({
      title: DELETE_EVENT_TITLE,
      children: <Text size="sm">This scheduled event will be removed.</Text>,
      labels: { confirm: "Delete", cancel: "Cancel" },
      confirmProps: { color: "red" },
      onConfirm: async () => {
        try {
          await postSchedule({ delete: true, campaignId: campaign.id, eventType: type, event: { id } });
        } catch {
          notifications.show({ color: "red", message: DELETE_EVENT_ERROR, autoClose: 5000 });
        } finally {
          await queryClient.invalidateQueries({ queryKey: campaignKeys.all });
        }
      },
    });

  const events = type === "campaignStatus" ? campaign.campaignSchedule : campaign.segmentSchedule;
  const nameOf = new Map(campaign.segments.map((s) => [s.segmentId, s.segmentName]));
  return (
    <Stack>
      <Stack gap={4}>
        <Text size="sm" fw={500} id={`${type}-days`}>
          Days
        </Text>
        <Chip.Group multiple value={days} onChange={setDays}>
          <Group gap={4} role="group" aria-labelledby={`${type}-days`}>
            {DAY_LABELS.map((label, day) => (
              <Chip key={label} value={String(day)} size="xs">
                {label}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      </Stack>
      <Group align="flex-end">
        <TimeInput
          label="Time"
          value={time}
          onChange={(e) => setTime(e.currentTarget.value)}
          description={timezoneNote(zone)}
        />
        {type === "campaignStatus" && (
          <Select
            label="Action"
            placeholder="Choose an action"
            data={SCHEDULE_ACTIONS.map((a) => ({ value: a, label: SCHEDULE_ACTION_LABELS[a] }))}
            value={action}
            onChange={(value) => setAction(value as ScheduleAction | null)}
          />
        )}
      </Group>
      {type === "segmentRatio" && (
        <Group>
          {campaign.segments.map((s) => (
            <NumberInput
              key={s.segmentId}
              label={`Ratio of ${s.segmentName}`}
              min={0}
              max={100}
              allowDecimal={false}
              w={160}
              value={ratios[s.segmentId] ?? ""}
              onChange={(value) => setRatios((r) => ({ ...r, [s.segmentId]: value }))}
            />
          ))}
        </Group>
      )}
      {error && (
        <Text c="red" size="sm" role="alert">
          {error}
        </Text>
      )}
      <Group>
        <Button onClick={() => void add()} loading={saving}>
          Add Event
        </Button>
      </Group>
      <Table data-testid={`${type}-events`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Days</Table.Th>
            <Table.Th>Time</Table.Th>
            <Table.Th>Time Zone</Table.Th>
            <Table.Th>{type === "campaignStatus" ? "Action" : "Ratios"}</Table.Th>
            <Table.Th>
              <VisuallyHidden>Delete</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {events.map((e) => (
            <Table.Tr key={e.id}>
              <Table.Td>{daysText(e.days)}</Table.Td>
              <Table.Td>{e.time}</Table.Td>
              <Table.Td>{e.timeZone}</Table.Td>
              <Table.Td>
                {"action" in e
                  ? SCHEDULE_ACTION_LABELS[e.action]
                  : e.segments
                      .map((s) => `${nameOf.get(s.segmentId) ?? s.segmentId}: ${s.segmentRatio}`)
                      .join(", ")}
              </Table.Td>
              <Table.Td>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Delete event ${daysText(e.days)} ${e.time}`}
                  onClick={() => remove(e.id)}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Table.Td>
            </Table.Tr>
          ))}
          {events.length === 0 && <EmptyRow columns={5}>No scheduled events.</EmptyRow>}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

import { Alert, Button, Group, Loader, Modal, SegmentedControl, Stack, Table, Text } from "@mantine/core";
import { ABANDON_WARNING, type StatusChannel } from "@reachcx/core/dialer/status-api";
import type { ChangeEvent } from "@reachcx/core/realtime/protocol";
import { useQuery } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { useChangeEvents } from "../../lib/realtime.ts";
import { BreakdownDialog } from "./BreakdownDialog.tsx";
import { campaignStatusQuery } from "./statusApi.ts";

/** The live feed's records of a campaign's counts (announced under the campaign's id). */
const COUNT_ENTITIES = new Set(["campaignCounter", "campaignDay"]);
/** At most one refetch a second, however fast a running list moves. */
const REFRESH_MS = 1000;

/**
 * Calls `refetch` when a change of this campaign's counters arrives: at once when the last call is a second
 * old, else once at the end of that second (a leading and trailing throttle).
 */
function useCountsFollow(campaignId: string, refetch: () => void) {
  const last = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const onEvent = useCallback(
    (event: ChangeEvent) => {
      if (!COUNT_ENTITIES.has(event.entity) || event.id !== campaignId || timer.current) return;
      const wait = last.current + REFRESH_MS - Date.now();
      const fire = () => {
        timer.current = undefined;
        last.current = Date.now();
        refetch();
      };
      if (wait <= 0) fire();
      else timer.current = setTimeout(fire, wait);
    },
    [campaignId, refetch],
  );
  useChangeEvents(onEvent);
}

const percent = (rate: number) => `${(rate * 100).toFixed(1)}%`;

/**
 * The Campaign Status dialog (spec 002): Total Campaign Contacts, Completed Contacts, Percentage Complete;
 * a voice / Agentless toggle over the segments' table (Agentless shows the SMS and Email lane's Fresh and
 * Retry); View Breakdown opens the segment's breakdown in its place. Ours: the rolling 30-day abandon rate,
 * warned above 3%. Follows the live counters.
 */
export function StatusDialog({
  campaign,
  onClose,
}: {
  campaign: { id: string; name: string };
  onClose: () => void;
}) {
  const [channel, setChannel] = useState<StatusChannel>("voice");
  const [breakdown, setBreakdown] = useState<{ segmentId: string; segment: string } | null>(null);
  const status = useQuery(campaignStatusQuery(campaign.id, channel));
  const { refetch } = status;
  useCountsFollow(
    campaign.id,
    useCallback(() => void refetch(), [refetch]),
  );
  const data = status.data;
  const voice = channel === "voice";

  return (
    <>
      {breakdown && (
        <BreakdownDialog
          campaignId={campaign.id}
          segmentId={breakdown.segmentId}
          segment={breakdown.segment}
          channel={channel}
          onClose={() => setBreakdown(null)}
        />
      )}
      <Modal opened={!breakdown} onClose={onClose} title={`Campaign Status: ${campaign.name}`} size="lg">
        <Stack>
          {status.isError && <Alert color="red">{status.error.message}</Alert>}
          {!data && status.isPending && <Loader size="sm" aria-label="Loading" />}
          {data && (
            <>
              <Group grow data-testid="status-totals">
                <Stack gap={0}>
                  <Text size="xs" c="dimmed">
                    Total Campaign Contacts
                  </Text>
                  <Text fw={600}>{data.totalContacts.toLocaleString()}</Text>
                </Stack>
                <Stack gap={0}>
                  <Text size="xs" c="dimmed">
                    Completed Contacts
                  </Text>
                  <Text fw={600}>{data.completedContacts.toLocaleString()}</Text>
                </Stack>
                <Stack gap={0}>
                  <Text size="xs" c="dimmed">
                    Percentage Complete
                  </Text>
                  <Text fw={600}>{data.percentComplete}%</Text>
                </Stack>
              </Group>
              <Text size="sm" data-testid="abandon-rate">
                Abandon rate (30 days):{" "}
                {data.abandonRate.rate === null
                  ? "no live answers yet"
                  : `${percent(data.abandonRate.rate)} (${data.abandonRate.abandoned} of ${data.abandonRate.answered} answered)`}
              </Text>
              {data.abandonRate.warning && (
                <Alert color="red" title="Abandon rate above 3%">
                  Abandoned calls are above {percent(ABANDON_WARNING)} of the calls answered by a person over
                  the last 30 days (47 CFR 64.1200(a)(7)).
                </Alert>
              )}
            </>
          )}
          <SegmentedControl
            aria-label="Channel"
            value={channel}
            onChange={(value) => setChannel(value as StatusChannel)}
            data={[
              { value: "voice", label: "Voice" },
              { value: "agentless", label: "Agentless" },
            ]}
          />
          <Table data-testid="status-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Segment</Table.Th>
                <Table.Th>Fresh</Table.Th>
                <Table.Th>InDialer</Table.Th>
                <Table.Th>Retry</Table.Th>
                {voice && <Table.Th>Call Back</Table.Th>}
                <Table.Th>View Breakdown</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data?.campaignStats.map((s) => (
                <Table.Tr key={s.segmentId}>
                  <Table.Td>{s.segment}</Table.Td>
                  <Table.Td>{(voice ? s.fresh : s.alFresh).toLocaleString()}</Table.Td>
                  <Table.Td>{s.inDialer.toLocaleString()}</Table.Td>
                  <Table.Td>{(voice ? s.retry : s.alRetry).toLocaleString()}</Table.Td>
                  {voice && <Table.Td>{s.callBack.toLocaleString()}</Table.Td>}
                  <Table.Td>
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      aria-label={`View Breakdown ${s.segment}`}
                      onClick={() => setBreakdown({ segmentId: s.segmentId, segment: s.segment })}
                    >
                      View Breakdown
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => void refetch()} loading={status.isFetching}>
              Refresh
            </Button>
            <Button onClick={onClose}>Close</Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

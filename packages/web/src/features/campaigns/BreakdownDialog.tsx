import { Alert, Button, Group, Loader, Modal, Stack, Text } from "@mantine/core";
import type { StatusChannel } from "@reachcx/core/dialer/status-api";
import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense } from "react";
import { breakdownQuery } from "./statusApi.ts";

/** ApexCharts is large and only this dialog draws a chart: its own chunk, loaded when opened. */
const Chart = lazy(() => import("react-apexcharts"));

/**
 * The Segment breakdown dialog (spec 002): a stacked bar chart of the next 24 hours (labelled in the
 * viewer's time) with a Retry series and, voice only, a Callback series; Ready Retries and, voice only,
 * Ready Callbacks; 'Breakdown as of {time}'; Refresh and Close.
 */
export function BreakdownDialog({
  campaignId,
  segmentId,
  segment,
  channel,
  onClose,
}: {
  campaignId: string;
  segmentId: string;
  segment: string;
  channel: StatusChannel;
  onClose: () => void;
}) {
  const breakdown = useQuery(breakdownQuery(campaignId, segmentId, channel));
  const data = breakdown.data;
  const voice = channel === "voice";
  const series = data
    ? [
        { name: "Retry", data: data.hourlyBreakdown.retries },
        ...(voice ? [{ name: "Callback", data: data.hourlyBreakdown.callbacks }] : []),
      ]
    : [];

  return (
    <Modal opened onClose={onClose} title={`Segment Breakdown: ${segment}`} size="xl">
      <Stack>
        {breakdown.isError && <Alert color="red">{breakdown.error.message}</Alert>}
        {!data && breakdown.isPending && <Loader size="sm" aria-label="Loading" />}
        {data && (
          <>
            <Text size="sm" c="dimmed" data-testid="breakdown-as-of">
              Breakdown as of {new Date(data.asOf).toLocaleString()}
            </Text>
            <Group data-testid="breakdown-ready">
              <Text size="sm">
                Ready Retries: <b>{data.ready.retry.toLocaleString()}</b>
              </Text>
              {voice && (
                <Text size="sm">
                  Ready Callbacks: <b>{data.ready.callbacks.toLocaleString()}</b>
                </Text>
              )}
            </Group>
            <Suspense fallback={<Loader size="sm" aria-label="Loading chart" />}>
              <figure
                style={{ margin: 0 }}
                aria-label={`Retries${voice ? " and callbacks" : ""} ready by hour`}
              >
                <Chart
                  type="bar"
                  height={300}
                  series={series}
                  options={{
                    chart: { stacked: true, toolbar: { show: false }, animations: { enabled: false } },
                    xaxis: { categories: data.labels, title: { text: "Hour" } },
                    yaxis: { title: { text: "Contacts" }, forceNiceScale: true, min: 0 },
                    plotOptions: { bar: { columnWidth: "60%" } },
                    dataLabels: { enabled: false },
                    legend: { position: "top" },
                  }}
                />
              </figure>
            </Suspense>
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => void breakdown.refetch()} loading={breakdown.isFetching}>
            Refresh
          </Button>
          <Button onClick={onClose}>Close</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

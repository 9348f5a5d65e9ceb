import { Badge, Button, Group, Loader, Stack, Table, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { getRouteApi } from "@tanstack/react-router";
import { Pager, urlPages } from "../../lib/paging.tsx";
import {
  cancelJob,
  isActive,
  JOB_PAGE_SIZE,
  type JobRow,
  jobKeys,
  jobListQuery,
  KIND_LABELS,
  openReport,
} from "./api.ts";
import { Counters, JobProgress } from "./JobProgress.tsx";

const route = getRouteApi("/shell/gate/jobs");

const STATE_COLORS: Record<string, string> = {
  queued: "gray",
  running: "blue",
  done: "green",
  failed: "red",
  cancelled: "orange",
};

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : "");

/**
 * The tenant's recent jobs (imports, pulls, bulk edits and deletes), newest first, ten a page with the
 * page walk in the URL: kind, what, state, who, started and finished, counters; a running job shows its
 * live progress bar and can be cancelled; a job with a report links to it.
 */
export function JobList() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const queryClient = useQueryClient();
  const list = useQuery(jobListQuery(JOB_PAGE_SIZE, search.cursors?.at(-1)));
  const pages = urlPages(search, navigate);

  const cancel = useMutation({
    mutationFn: cancelJob,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: jobKeys.all }),
    onError: (err) => notifications.show({ color: "red", message: (err as Error).message, autoClose: 5000 }),
  });
  const report = (id: string) =>
    openReport(id).catch((err: unknown) =>
      notifications.show({ color: "red", message: (err as Error).message, autoClose: 5000 }),
    );

  return (
    <Stack>
      <Group gap="xs">
        <Title order={1} size="h2">
          Jobs
        </Title>
        {list.isFetching && <Loader size="xs" aria-label="Loading" />}
      </Group>
      <Table data-testid="jobs-table" verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Kind</Table.Th>
            <Table.Th>What</Table.Th>
            <Table.Th>State</Table.Th>
            <Table.Th>Started by</Table.Th>
            <Table.Th>Started</Table.Th>
            <Table.Th>Finished</Table.Th>
            <Table.Th miw={280}>Progress</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(list.data?.items ?? []).map((job: JobRow) => (
            <Table.Tr key={job.id} data-job={job.id}>
              <Table.Td>{KIND_LABELS[job.kind] ?? job.kind}</Table.Td>
              <Table.Td>{job.label ?? ""}</Table.Td>
              <Table.Td>
                <Badge color={STATE_COLORS[job.state] ?? "gray"} variant="light">
                  {job.cancelRequested ? "cancelling" : job.state}
                </Badge>
              </Table.Td>
              <Table.Td>{job.createdBy}</Table.Td>
              <Table.Td>{when(job.startedAt ?? job.createdAt)}</Table.Td>
              <Table.Td>{when(job.finishedAt)}</Table.Td>
              <Table.Td>
                {isActive(job.state) ? (
                  <JobProgress job={job} label={`Progress of ${job.label ?? job.kind}`} />
                ) : (
                  <Stack gap={4}>
                    <Counters counters={job.counters} />
                    {job.message && (
                      <Text size="xs" c={job.state === "failed" ? "red" : "dimmed"}>
                        {job.message}
                      </Text>
                    )}
                  </Stack>
                )}
              </Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  {job.hasReport && (
                    <Button size="xs" variant="light" onClick={() => void report(job.id)}>
                      Report
                    </Button>
                  )}
                  {isActive(job.state) && !job.cancelRequested && (
                    <Button
                      size="xs"
                      variant="light"
                      color="red"
                      loading={cancel.isPending && cancel.variables === job.id}
                      onClick={() => cancel.mutate(job.id)}
                    >
                      Cancel
                    </Button>
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
          {list.data && list.data.items.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={8}>
                <Text size="sm" c="dimmed">
                  No jobs yet. Imports, bulk edits and bulk deletes show here while they run and after.
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
      <Pager pages={pages} nextCursor={list.data?.nextCursor} />
    </Stack>
  );
}

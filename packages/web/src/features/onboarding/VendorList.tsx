import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  Stack,
  Table,
  Text,
  Timeline,
  Title,
} from "@mantine/core";
import { modals } from "@mantine/modals";
import { notifications } from "@mantine/notifications";
import { MESSAGES } from "@reachcx/core/onboarding/messages";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { getRouteApi, Link, useNavigate } from "@tanstack/react-router";
import { Pager, urlPages } from "../../lib/paging.tsx";
import { EmptyRow } from "../../lib/RecordRows.tsx";
import {
  cloneVendor,
  deleteVendor,
  historyQuery,
  type VendorRow,
  vendorKeys,
  vendorListQuery,
  vendorQuery,
} from "./api.ts";
import { StatusBadge } from "./StatusBadge.tsx";
import { VENDOR_PAGE_SIZE } from "./search.ts";

const route = getRouteApi("/shell/gate/admin/onboarding");

/**
 * The Applications table (spec 003 §2.8): vendors ten a page with '+ Merchant'; per row Preview Vendor
 * Info (with the onboarding execution's timeline), Edit (disabled once Approved), Clone and Delete (asks
 * 'Do you want to permamently delete this onboarding application?').
 */
export function VendorList() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const go = useNavigate();
  const queryClient = useQueryClient();
  const list = useQuery(vendorListQuery(VENDOR_PAGE_SIZE, search.cursors?.at(-1)));
  const pages = urlPages(search, navigate);
  const refresh = () => queryClient.invalidateQueries({ queryKey: vendorKeys.all });

  const remove = useMutation({
    mutationFn: deleteVendor,
    onSuccess: () => {
      notifications.show({ color: "green", message: MESSAGES.vendorDeleted });
      void refresh();
    },
    onError: (err) => notifications.show({ color: "red", message: (err as Error).message }),
  });
  const clone = useMutation({
    mutationFn: cloneVendor,
    onSuccess: () => {
      notifications.show({ color: "green", message: MESSAGES.cloned });
      void refresh();
    },
    onError: () => notifications.show({ color: "red", message: MESSAGES.unableToClone }),
  });

  const confirmDelete = (row: VendorRow) =>
    modals.openConfirmModal({
      title: `Delete ${row.name}?`,
      children: <Text size="sm">{MESSAGES.deleteConfirm}</Text>,
      labels: { confirm: "Delete", cancel: "Cancel" },
      confirmProps: { color: "red" },
      onConfirm: () => remove.mutate(row.id),
    });
  const preview = (id?: string) => void navigate({ search: (s) => ({ ...s, preview: id }), replace: true });
  const edit = (row: VendorRow) =>
    void go({ to: "/admin/onboarding/edit/$vendorId", params: { vendorId: row.id }, search: {} });
  const data = list.data;

  return (
    <Stack>
      <Group justify="space-between">
        <Group gap="xs">
          <Title order={1} size="h2">
            Applications
          </Title>
          {list.isFetching && <Loader size="xs" aria-label="Loading" />}
        </Group>
        <Button
          renderRoot={(props) => (
            <Link {...props} to="/admin/onboarding/edit/$vendorId" params={{ vendorId: "new" }} search={{}} />
          )}
        >
          + Merchant
        </Button>
      </Group>
      {list.isError && <Alert color="red">{MESSAGES.unableToList}</Alert>}
      <Table highlightOnHover data-testid="vendors-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>PromptPay Vendor</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data?.items.map((row) => (
            <Table.Tr key={row.id}>
              <Table.Td>{row.name}</Table.Td>
              <Table.Td>{row.id}</Table.Td>
              <Table.Td>
                <StatusBadge vendor={row} />
              </Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    onClick={() => preview(row.id)}
                    aria-label={`Preview ${row.id}`}
                  >
                    Preview
                  </Button>
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    disabled={row.status === "Approved"}
                    onClick={() => edit(row)}
                    aria-label={`Edit ${row.id}`}
                  >
                    Edit
                  </Button>
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    onClick={() => clone.mutate(row.id)}
                    aria-label={`Clone ${row.id}`}
                  >
                    Clone
                  </Button>
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    color="red"
                    onClick={() => confirmDelete(row)}
                    aria-label={`Delete ${row.id}`}
                  >
                    Delete
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
          {data && data.items.length === 0 && (
            <EmptyRow columns={4}>No applications yet. Start one with + Merchant.</EmptyRow>
          )}
        </Table.Tbody>
      </Table>
      <Pager pages={pages} nextCursor={data?.nextCursor} />
      {search.preview && <VendorPreview id={search.preview} onClose={() => preview(undefined)} />}
    </Stack>
  );
}

/** Preview Vendor Info: the vendor, its application, and the onboarding execution's history as a timeline. */
function VendorPreview({ id, onClose }: { id: string; onClose: () => void }) {
  const vendor = useQuery(vendorQuery(id));
  const history = useQuery(historyQuery(id));
  const v = vendor.data;
  const steps = (history.data?.items ?? []).filter((e) =>
    [
      "StateEntered",
      "StateFailed",
      "StateRetried",
      "ExecutionResumed",
      "ExecutionSucceeded",
      "ExecutionFailed",
    ].includes(e.type),
  );
  return (
    <Modal opened onClose={onClose} title="Vendor Info" size="lg">
      {vendor.isError && <Alert color="red">{(vendor.error as Error).message}</Alert>}
      {v && (
        <Stack gap="xs">
          <Text>
            <b>Name:</b> {v.name}
          </Text>
          <Text>
            <b>PromptPay Vendor:</b> {v.id}
          </Text>
          <Group gap="xs">
            <b>Status:</b> <StatusBadge vendor={v} />
          </Group>
          <Text>
            <b>Merchant contact:</b> {v.contactName ?? "-"} {v.contactEmail ? `<${v.contactEmail}>` : ""}
          </Text>
          <Text>
            <b>CMS merchant id:</b> {v.cmsInfo.cmsMerchId ?? "-"}
          </Text>
          <Text>
            <b>Nexio user:</b> {v.cmsInfo.nexioUsername ?? "-"}
          </Text>
          {v.workflow.lastError && (
            <Alert color="red" title={`${v.workflow.lastError.step} failed`}>
              {v.workflow.lastError.cause}
            </Alert>
          )}
          <Title order={3} size="h5" mt="sm">
            Onboarding history
          </Title>
          {history.isLoading && <Loader size="sm" aria-label="Loading history" />}
          {steps.length === 0 && !history.isLoading && <Text c="dimmed">Onboarding has not started.</Text>}
          <Timeline bulletSize={14} lineWidth={2} active={steps.length - 1} data-testid="vendor-timeline">
            {steps.map((e) => (
              <Timeline.Item
                key={`${e.at}-${e.type}-${e.state ?? ""}`}
                color={e.type.includes("Fail") ? "red" : e.type === "StateRetried" ? "yellow" : undefined}
                title={describe(e)}
              >
                <Text size="xs" c="dimmed">
                  {new Date(e.at).toLocaleString()}
                  {e.cause ? ` — ${e.cause}` : ""}
                </Text>
              </Timeline.Item>
            ))}
          </Timeline>
        </Stack>
      )}
      {!v && vendor.isLoading && <Badge>Loading…</Badge>}
    </Modal>
  );
}

const STEP_LABELS: Record<string, string> = {
  Route: "Started",
  CreateApplication: "Create the merchant-services application",
  AwaitPricing: "Waiting for pricing",
  SaveFees: "Save fees",
  UpdateApplication: "Update the application with pricing",
  EmailApplicationLink: "Email the application link",
  AwaitApplicationComplete: "Waiting for the merchant to complete the application",
  Repriced: "Application complete or re-priced",
  TakeNewPricing: "New pricing",
  AwaitGatewayCredentials: "Waiting for the Nexio token",
  SaveGatewayToken: "Validate and save the Nexio token",
  AwaitApproval: "Waiting for final approval",
  Approve: "Approved",
  RecordFailure: "Failure recorded",
};

function describe(e: { type: string; state: string | null; error: string | null }) {
  const label = e.state ? (STEP_LABELS[e.state] ?? e.state) : "";
  switch (e.type) {
    case "StateFailed":
      return `${label}: failed (${e.error ?? "error"})`;
    case "StateRetried":
      return `${label}: retried`;
    case "ExecutionResumed":
      return `Resumed at: ${label}`;
    case "ExecutionSucceeded":
      return "Onboarding finished";
    case "ExecutionFailed":
      return `Onboarding stopped (${e.error ?? "error"})`;
    default:
      return label;
  }
}

import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Select,
  Stack,
  Switch,
  Table,
  TextInput,
  VisuallyHidden,
} from "@mantine/core";
import { REST_MAPPING_TARGETS, type RestMappingTarget } from "@reachcx/core/rest-connection/schema";
import { IconTrash } from "@tabler/icons-react";
import { useSuspenseQuery } from "@tanstack/react-query";
import { tenantSettingsQuery } from "../settings/api.ts";
import type { ConnectionForm } from "./form.ts";

/** The contact fields a mapping row may fill: spec 001 §3's REST targets, then the tenant's custom fields. */
function useTargets(saved: readonly string[]): { value: string; label: string }[] {
  const settings = useSuspenseQuery(tenantSettingsQuery()).data;
  const known = [
    ...(Object.keys(REST_MAPPING_TARGETS) as RestMappingTarget[]).map((value) => ({
      value,
      label: REST_MAPPING_TARGETS[value],
    })),
    ...settings.customFields.map((field) => ({ value: `custom:${field.name}`, label: field.displayName })),
  ];
  // A saved row may target a custom field deleted since: it stays visible (the API refuses it on save).
  const gone = [...new Set(saved)]
    .filter((to) => to && !known.some((t) => t.value === to))
    .map((to) => ({ value: to, label: `${to} (no such field)` }));
  return [...known, ...gone];
}

/** The Settings tab: enabled, where the contacts are in the answer, and which field fills which. */
export function SettingsPanel({ form, saved }: { form: ConnectionForm; saved: readonly string[] }) {
  const targets = useTargets(saved);
  const listError = typeof form.errors.mapping === "string" ? form.errors.mapping : null;
  return (
    <Stack>
      <Switch label="Enabled" {...form.getInputProps("enabled", { type: "checkbox" })} />
      <TextInput
        label="List path"
        description="Where the list of contacts is in the answer, for example $.contacts"
        required
        maw={420}
        {...form.getInputProps("listPath")}
      />
      <Table data-testid="mapping-rows">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>From (answer field)</Table.Th>
            <Table.Th>To (contact field)</Table.Th>
            <Table.Th>
              <VisuallyHidden>Remove</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {form.values.mapping.map((row, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are named by position, as their error paths
            <Table.Tr key={index}>
              <Table.Td>
                <TextInput
                  aria-label={`From field ${index + 1}`}
                  {...form.getInputProps(`mapping.${index}.from`)}
                />
              </Table.Td>
              <Table.Td>
                <Select
                  aria-label={`To field ${index + 1}`}
                  data={targets}
                  searchable
                  allowDeselect={false}
                  {...form.getInputProps(`mapping.${index}.to`)}
                  value={row.to || null}
                  onChange={(value) => form.setFieldValue(`mapping.${index}.to`, value ?? "")}
                />
              </Table.Td>
              <Table.Td>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Remove mapping ${index + 1}${row.from ? ` (${row.from})` : ""}`}
                  onClick={() => form.removeListItem("mapping", index)}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {listError && (
        <Alert color="red" role="alert">
          {listError}
        </Alert>
      )}
      <Group>
        <Button variant="default" onClick={() => form.insertListItem("mapping", { from: "", to: "" })}>
          Add Mapping
        </Button>
      </Group>
    </Stack>
  );
}

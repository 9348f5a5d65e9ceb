import { ActionIcon, Button, Group, Stack, Table, Text, TextInput, VisuallyHidden } from "@mantine/core";
import { IconTrash } from "@tabler/icons-react";
import type { ConnectionForm } from "./form.ts";

/** The Headers or Params tab: rows of key, value and description (spec 001 §3). */
export function RowsPanel({
  form,
  field,
  noun,
}: {
  form: ConnectionForm;
  field: "headers" | "params";
  noun: string;
}) {
  const rows = form.values[field];
  return (
    <Stack>
      {rows.length === 0 ? (
        <Text c="dimmed" size="sm">
          No {noun}s.
        </Text>
      ) : (
        <Table data-testid={`${field}-rows`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Key</Table.Th>
              <Table.Th>Value</Table.Th>
              <Table.Th>Description</Table.Th>
              <Table.Th>
                <VisuallyHidden>Remove</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row, index) => (
              // Rows have no id of their own; their position is what the form's paths and errors name.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <Table.Tr key={index}>
                <Table.Td>
                  <TextInput
                    aria-label={`${noun} key ${index + 1}`}
                    {...form.getInputProps(`${field}.${index}.key`)}
                  />
                </Table.Td>
                <Table.Td>
                  <TextInput
                    aria-label={`${noun} value ${index + 1}`}
                    {...form.getInputProps(`${field}.${index}.value`)}
                  />
                </Table.Td>
                <Table.Td>
                  <TextInput
                    aria-label={`${noun} description ${index + 1}`}
                    {...form.getInputProps(`${field}.${index}.description`)}
                  />
                </Table.Td>
                <Table.Td>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Remove ${noun} ${index + 1}${row.key ? ` (${row.key})` : ""}`}
                    onClick={() => form.removeListItem(field, index)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Group>
        <Button
          variant="default"
          onClick={() => form.insertListItem(field, { key: "", value: "", description: "" })}
        >
          Add {noun}
        </Button>
      </Group>
    </Stack>
  );
}

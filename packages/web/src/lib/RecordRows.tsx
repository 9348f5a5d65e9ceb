import { ActionIcon, Group, Table, Text } from "@mantine/core";
import { IconPencil, IconTrash } from "@tabler/icons-react";
import type { ReactNode } from "react";

/**
 * The Edit and Delete icons at the end of a record list's row (field mappings, REST connections, mobile
 * applications, SFTP imports). The row itself opens the record on click, so the icons stop the click from
 * reaching it; their names say which record they act on, for screen readers and tests.
 */
export function RowActions({
  name,
  onEdit,
  onDelete,
}: {
  name: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <Group gap={4} wrap="nowrap">
      <ActionIcon
        variant="subtle"
        aria-label={`Edit ${name}`}
        onClick={(e) => {
          e.stopPropagation();
          onEdit();
        }}
      >
        <IconPencil size={16} />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        color="red"
        aria-label={`Delete ${name}`}
        onClick={(e) => {
          e.stopPropagation();
          onDelete();
        }}
      >
        <IconTrash size={16} />
      </ActionIcon>
    </Group>
  );
}

/** The one row of a record list that has none yet: what to do about it, across every column. */
export function EmptyRow({ columns, children }: { columns: number; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Td colSpan={columns}>
        <Text c="dimmed" ta="center" py="md">
          {children}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}

import { Group, Table } from "@mantine/core";
import { IconGripVertical } from "@tabler/icons-react";
import { type DragEvent, useState } from "react";

/**
 * Drag reorder of table rows (profile channels, campaign segments): spread `rowDrag(i)` on row i; a row
 * dropped on another calls `move(from, to)`. The rows' Move up/down buttons stay the keyboard path.
 */
export function useRowDrag(move: (from: number, to: number) => void) {
  const [dragged, setDragged] = useState<number | null>(null);
  return (i: number) => ({
    draggable: true,
    onDragStart: () => setDragged(i),
    onDragOver: (e: DragEvent) => e.preventDefault(),
    onDrop: () => {
      if (dragged !== null) move(dragged, i);
      setDragged(null);
    },
  });
}

/** A reorderable row's first cell: the grip and its 1-based order. */
export function OrderCell({ order }: { order: number }) {
  return (
    <Table.Td>
      <Group gap={4}>
        <IconGripVertical size={14} aria-hidden style={{ cursor: "grab" }} />
        {order}
      </Group>
    </Table.Td>
  );
}

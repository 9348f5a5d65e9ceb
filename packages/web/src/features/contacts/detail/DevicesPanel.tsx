import {
  ActionIcon,
  Button,
  Card,
  Group,
  Modal,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import { DEVICE_TYPES } from "@reachcx/core/contact/constants";
import { MobileDevice } from "@reachcx/core/contact/schema";
import { IconPencil, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import * as v from "valibot";
import { rule } from "../../../lib/validate.ts";
import { type Device, saveDevice } from "./form.ts";

/**
 * The Devices panel (spec 003 §2.3): the contact's mobile devices, part of the contact form (Save stores
 * them). The dialog saves a device only when core's MobileDevice schema takes it (an id and a type);
 * editing replaces the values.
 */
export function DevicesPanel({
  devices,
  onChange,
}: {
  devices: Device[];
  onChange: (next: Device[]) => void;
}) {
  // null: closed; "new": adding; a number: editing that device.
  const [editing, setEditing] = useState<number | "new" | null>(null);
  return (
    <Card withBorder>
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={4} size="h5">
            Devices
          </Title>
          <Button size="xs" variant="light" onClick={() => setEditing("new")}>
            Add Device
          </Button>
        </Group>
        {devices.length === 0 ? (
          <Text size="sm" c="dimmed">
            No devices.
          </Text>
        ) : (
          <Table data-testid="devices-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Id</Table.Th>
                <Table.Th>Type</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {devices.map((d, i) => (
                <Table.Tr key={`${d.type}:${d.id}`}>
                  <Table.Td style={{ wordBreak: "break-all" }}>{d.id}</Table.Td>
                  <Table.Td>{d.type}</Table.Td>
                  <Table.Td>
                    <Group gap={2} wrap="nowrap" justify="flex-end">
                      <ActionIcon
                        variant="subtle"
                        aria-label={`Edit device ${d.id}`}
                        onClick={() => setEditing(i)}
                      >
                        <IconPencil size={14} />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Remove device ${d.id}`}
                        onClick={() => onChange(devices.filter((_, j) => j !== i))}
                      >
                        <IconTrash size={14} />
                      </ActionIcon>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
      {editing !== null && (
        <DeviceDialog
          device={editing === "new" ? undefined : devices[editing]}
          onClose={() => setEditing(null)}
          onSave={(device) => {
            onChange(saveDevice(devices, device, editing === "new" ? null : editing));
            setEditing(null);
          }}
        />
      )}
    </Card>
  );
}

const deviceId = rule(MobileDevice.entries.id);

function DeviceDialog({
  device,
  onClose,
  onSave,
}: {
  device?: Device;
  onClose: () => void;
  onSave: (device: { id: string; type: string | null }) => void;
}) {
  const [id, setId] = useState(device?.id ?? "");
  const [type, setType] = useState<string | null>(device?.type ?? null);
  const complete = v.is(MobileDevice, { id, type });
  // A blank id is only incomplete (Save stays off); an id the API would refuse says why.
  const idError = id.trim() === "" ? null : deviceId(id);
  return (
    <Modal opened onClose={onClose} title={device ? "Edit Device" : "Add Device"}>
      <Stack>
        <TextInput
          label="Device Id"
          value={id}
          onChange={(e) => setId(e.currentTarget.value)}
          error={idError}
          withAsterisk
        />
        <Select
          label="Device Type"
          data={[...DEVICE_TYPES]}
          value={type}
          onChange={setType}
          withAsterisk
          comboboxProps={{ withinPortal: false }}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button disabled={!complete} onClick={() => onSave({ id, type })}>
            Save
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

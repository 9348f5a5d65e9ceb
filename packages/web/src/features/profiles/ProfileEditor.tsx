import {
  Accordion,
  ActionIcon,
  Alert,
  Button,
  Group,
  Menu,
  NumberInput,
  Paper,
  Slider,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import {
  ALL_CODES_USED_MESSAGE,
  CHANNEL_TYPES,
  type ChannelType,
  CREATED_MESSAGE,
  newProfile,
  ProfileBody,
  ratioText,
  splitDelay,
  UPDATED_MESSAGE,
} from "@reachcx/core/profile/schema";
import { IconArrowDown, IconArrowUp, IconPencil, IconTrash } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { getRouteApi, Link, useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import * as v from "valibot";
import { fieldErrors } from "../../lib/api.ts";
import { OrderCell, useRowDrag } from "../../lib/reorder.tsx";
import { messagesByPath } from "../../lib/validate.ts";
import {
  type ProfileBody as Body,
  createProfile,
  dispositionsQuery,
  type ProfileRow,
  profileKeys,
  profileQuery,
  updateProfile,
} from "./api.ts";
import { ChannelDialog, type ChannelValues, newChannel } from "./ChannelDialog.tsx";
import { CustomRetryDialog, type CustomRetryValues, newCustomRetry } from "./CustomRetryDialog.tsx";

const route = getRouteApi("/shell/gate/profile/$id");

export const NEW_PROFILE = "new";

interface Values {
  name: string;
  useAi: boolean;
  freshLIFO: boolean;
  retryLIFO: boolean;
  scrubber: Record<"cell" | "natDnc" | "stateDnc" | "orgDnc" | "phoneDup" | "contactDup", boolean>;
  retry: {
    ratio: number;
    minDuration: number;
    maxAttempts: number;
    maxContacts: number;
    custRetry: CustomRetryValues[];
  };
  ai: { org: boolean; system: boolean };
  compliance: { regF: boolean };
  channels: ChannelValues[];
}

const SCRUBS: [keyof Values["scrubber"], string][] = [
  ["orgDnc", "Org DNC"],
  ["stateDnc", "State DNC"],
  ["natDnc", "National DNC"],
  ["cell", "Cell Phones"],
  ["phoneDup", "Phone Duplicates"],
  ["contactDup", "Contact Duplicates"],
];

/** The Dialing Profile page (spec 002): /profile/new creates, /profile/{id} edits. */
export function ProfileEditor() {
  const { id } = route.useParams();
  if (id === NEW_PROFILE) return <ProfileForm id={null} initial={newProfile() as Values} />;
  return <ExistingProfile key={id} id={id} />;
}

function ExistingProfile({ id }: { id: string }) {
  const { data } = useSuspenseQuery(profileQuery(id));
  return <ProfileForm id={id} initial={toValues(data)} />;
}

function toValues(p: ProfileRow): Values {
  return {
    name: p.name,
    useAi: p.useAi,
    freshLIFO: p.freshLIFO,
    retryLIFO: p.retryLIFO,
    scrubber: p.scrubber,
    retry: p.retry,
    ai: p.ai,
    compliance: p.compliance,
    channels: p.channels.map((c) => ({
      type: c.type,
      retryDelay: c.retryDelay,
      maxAttempts: c.maxAttempts,
      maxContacts: c.maxContacts,
      paymentProfileId: c.paymentProfileId,
      paymentProfileName: c.paymentProfileName,
      defaultTimeZone: c.defaultTimeZone,
    })),
  };
}

const delayText = (minutes: number) => {
  const d = splitDelay(minutes);
  return `${d.days} d ${d.hours} h ${d.minutes} min`;
};

function ProfileForm({ id, initial }: { id: string | null; initial: Values }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [channelDialog, setChannelDialog] = useState<{ index: number | null; channel: ChannelValues } | null>(
    null,
  );
  const [retryDialog, setRetryDialog] = useState<{ index: number | null; retry: CustomRetryValues } | null>(
    null,
  );
  const dispositions = useQuery(dispositionsQuery()).data?.items ?? [];

  const set = (patch: Partial<Values>) => setValues((v) => ({ ...v, ...patch }));
  const setRetry = (patch: Partial<Values["retry"]>) =>
    setValues((v) => ({ ...v, retry: { ...v.retry, ...patch } }));
  const num = (n: string | number) => (typeof n === "number" ? n : Number.NaN);

  // Spec 002 §4: removing or dragging a channel renumbers the order from 1 (the list's order is the order).
  const moveChannel = (from: number, to: number) =>
    setValues((v) => {
      if (to < 0 || to >= v.channels.length || from === to) return v;
      const channels = [...v.channels];
      const [moved] = channels.splice(from, 1);
      if (moved) channels.splice(to, 0, moved);
      return { ...v, channels };
    });
  const rowDrag = useRowDrag(moveChannel);

  const usedElsewhere = (index: number | null) =>
    new Set(values.retry.custRetry.flatMap((r, i) => (i === index ? [] : r.codes)));
  const codesFor = (index: number | null) => {
    const used = usedElsewhere(index);
    return dispositions
      .filter((d) => !used.has(d.code))
      .map((d) => ({ value: String(d.code), label: `${d.code} ${d.name}` }));
  };
  const allCodesUsed = dispositions.length > 0 && codesFor(null).length === 0;

  const save = useMutation({
    mutationFn: (json: Body) => (id === null ? createProfile(json) : updateProfile(id, json)),
    onSuccess: (saved) => {
      notifications.show({ color: "green", message: id === null ? CREATED_MESSAGE : UPDATED_MESSAGE });
      queryClient.setQueryData(profileKeys.one(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: [...profileKeys.all, "list"] });
      void navigate({ to: "/profile" });
    },
    onError: (err) => {
      const found = fieldErrors(err);
      setErrors(Object.keys(found).length > 0 ? found : { form: (err as Error).message });
    },
  });

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const result = v.safeParse(ProfileBody, values);
    if (!result.success) {
      setErrors(messagesByPath(result.issues));
      return;
    }
    setErrors({});
    save.mutate(result.output as Body);
  };
  const otherErrors = Object.entries(errors).filter(([path]) => path !== "name");

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Group justify="space-between">
          <Title order={1} size="h2">
            Dialing Profile
          </Title>
          <Group>
            <Button component={Link} to="/profile" variant="default">
              Close
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save
            </Button>
          </Group>
        </Group>
        <TextInput
          label="Profile Name"
          required
          maw={420}
          value={values.name}
          error={errors.name}
          onChange={(e) => set({ name: e.currentTarget.value })}
        />
        {otherErrors.length > 0 && (
          <Alert color="red" role="alert">
            {otherErrors.map(([path, message]) => (
              <div key={path}>{message}</div>
            ))}
          </Alert>
        )}
        <Accordion multiple defaultValue={["scrubbing", "flow", "channels"]} variant="separated">
          <Accordion.Item value="scrubbing">
            <Accordion.Control>Scrubbing</Accordion.Control>
            <Accordion.Panel>
              <Group>
                {SCRUBS.map(([key, label]) => (
                  <Switch
                    key={key}
                    label={label}
                    checked={values.scrubber[key]}
                    onChange={(e) =>
                      set({ scrubber: { ...values.scrubber, [key]: e.currentTarget.checked } })
                    }
                  />
                ))}
              </Group>
              <Switch
                mt="md"
                label="Reg F call frequency (7 in 7 days)"
                description="At most 7 calls to a person in 7 days, none for 7 days after a conversation"
                checked={values.compliance.regF}
                onChange={(e) => set({ compliance: { regF: e.currentTarget.checked } })}
              />
            </Accordion.Panel>
          </Accordion.Item>
          <Accordion.Item value="flow">
            <Accordion.Control>Contact Flow</Accordion.Control>
            <Accordion.Panel>
              <Stack>
                <Stack gap={4}>
                  <Text size="sm" fw={500} id="ratio-label">
                    Retry vs New Ratio
                  </Text>
                  <Slider
                    thumbLabel="Retry vs New Ratio"
                    min={0}
                    max={100}
                    value={values.retry.ratio}
                    onChange={(ratio) => setRetry({ ratio })}
                    maw={420}
                  />
                  <Text size="sm" data-testid="ratio-text">
                    {ratioText(values.retry.ratio)}
                  </Text>
                </Stack>
                <Group>
                  <Switch
                    label="Fresh LIFO"
                    checked={values.freshLIFO}
                    onChange={(e) => set({ freshLIFO: e.currentTarget.checked })}
                  />
                  <Switch
                    label="Retry LIFO"
                    checked={values.retryLIFO}
                    onChange={(e) => set({ retryLIFO: e.currentTarget.checked })}
                  />
                </Group>
                <Group grow maw={640}>
                  <NumberInput
                    label="Min Duration (minutes)"
                    min={0}
                    max={10080}
                    value={values.retry.minDuration}
                    error={errors["retry.minDuration"]}
                    onChange={(n) => setRetry({ minDuration: num(n) })}
                  />
                  <NumberInput
                    label="Max Attempts"
                    min={1}
                    max={300}
                    value={values.retry.maxAttempts}
                    error={errors["retry.maxAttempts"]}
                    onChange={(n) => setRetry({ maxAttempts: num(n) })}
                  />
                  <NumberInput
                    label="Max Contacts"
                    min={1}
                    max={300}
                    value={values.retry.maxContacts}
                    error={errors["retry.maxContacts"]}
                    onChange={(n) => setRetry({ maxContacts: num(n) })}
                  />
                </Group>
                <Paper withBorder p="sm">
                  <Group justify="space-between" mb="xs">
                    <Title order={2} size="h5">
                      Custom Retries
                    </Title>
                    <Button
                      size="xs"
                      variant="light"
                      disabled={allCodesUsed}
                      onClick={() => setRetryDialog({ index: null, retry: newCustomRetry() })}
                    >
                      + Custom Retry
                    </Button>
                  </Group>
                  {allCodesUsed && <Text size="sm">{ALL_CODES_USED_MESSAGE}</Text>}
                  <Table data-testid="custom-retries">
                    <Table.Tbody>
                      {values.retry.custRetry.map((r, i) => (
                        <Table.Tr key={r.name + String(i)}>
                          <Table.Td>{r.name}</Table.Td>
                          <Table.Td>{r.codes.join(", ")}</Table.Td>
                          <Table.Td>
                            {r.retriesbyattempt
                              .map((it) => `${it.start}-${it.end}: ${it.minDuration} min`)
                              .join("; ")}
                          </Table.Td>
                          <Table.Td>
                            <Group gap={4} wrap="nowrap">
                              <ActionIcon
                                variant="subtle"
                                aria-label={`Edit custom retry ${r.name}`}
                                onClick={() => setRetryDialog({ index: i, retry: r })}
                              >
                                <IconPencil size={16} />
                              </ActionIcon>
                              <ActionIcon
                                variant="subtle"
                                color="red"
                                aria-label={`Delete custom retry ${r.name}`}
                                onClick={() =>
                                  setRetry({ custRetry: values.retry.custRetry.filter((_, j) => j !== i) })
                                }
                              >
                                <IconTrash size={16} />
                              </ActionIcon>
                            </Group>
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Paper>
              </Stack>
            </Accordion.Panel>
          </Accordion.Item>
          <Accordion.Item value="channels">
            <Accordion.Control>Contact Channels</Accordion.Control>
            <Accordion.Panel>
              <Stack>
                <Group>
                  <Menu>
                    <Menu.Target>
                      <Button size="xs" variant="light">
                        + New Channel
                      </Button>
                    </Menu.Target>
                    <Menu.Dropdown>
                      {CHANNEL_TYPES.map((type: ChannelType) => (
                        <Menu.Item
                          key={type}
                          disabled={values.channels.some((c) => c.type === type)}
                          onClick={() => setChannelDialog({ index: null, channel: newChannel(type) })}
                        >
                          {type}
                        </Menu.Item>
                      ))}
                    </Menu.Dropdown>
                  </Menu>
                </Group>
                <Table data-testid="channels">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Order</Table.Th>
                      <Table.Th>Channel</Table.Th>
                      <Table.Th>Max Attempts</Table.Th>
                      <Table.Th>Retry Delay</Table.Th>
                      <Table.Th>Payment Profile</Table.Th>
                      <Table.Th>Actions</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {values.channels.map((c, i) => (
                      <Table.Tr key={c.type} {...rowDrag(i)} data-testid={`channel-${c.type}`}>
                        <OrderCell order={i + 1} />
                        <Table.Td>{c.type}</Table.Td>
                        <Table.Td>{c.maxAttempts}</Table.Td>
                        <Table.Td>{delayText(c.retryDelay)}</Table.Td>
                        <Table.Td>{c.paymentProfileName ?? ""}</Table.Td>
                        <Table.Td>
                          <Group gap={4} wrap="nowrap">
                            <ActionIcon
                              variant="subtle"
                              aria-label={`Move ${c.type} up`}
                              disabled={i === 0}
                              onClick={() => moveChannel(i, i - 1)}
                            >
                              <IconArrowUp size={16} />
                            </ActionIcon>
                            <ActionIcon
                              variant="subtle"
                              aria-label={`Move ${c.type} down`}
                              disabled={i === values.channels.length - 1}
                              onClick={() => moveChannel(i, i + 1)}
                            >
                              <IconArrowDown size={16} />
                            </ActionIcon>
                            <ActionIcon
                              variant="subtle"
                              aria-label={`Edit ${c.type} channel`}
                              onClick={() => setChannelDialog({ index: i, channel: c })}
                            >
                              <IconPencil size={16} />
                            </ActionIcon>
                            <ActionIcon
                              variant="subtle"
                              color="red"
                              aria-label={`Delete ${c.type} channel`}
                              onClick={() => set({ channels: values.channels.filter((_, j) => j !== i) })}
                            >
                              <IconTrash size={16} />
                            </ActionIcon>
                          </Group>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                    {values.channels.length === 0 && (
                      <Table.Tr>
                        <Table.Td colSpan={6}>
                          <Text size="sm" c="dimmed">
                            No channels yet. Add one with + New Channel.
                          </Text>
                        </Table.Td>
                      </Table.Tr>
                    )}
                  </Table.Tbody>
                </Table>
              </Stack>
            </Accordion.Panel>
          </Accordion.Item>
        </Accordion>
      </Stack>
      {channelDialog && (
        <ChannelDialog
          initial={channelDialog.channel}
          isNew={channelDialog.index === null}
          onClose={() => setChannelDialog(null)}
          onSave={(channel) => {
            const index = channelDialog.index;
            set({
              channels:
                index === null
                  ? [...values.channels, channel]
                  : values.channels.map((c, j) => (j === index ? channel : c)),
            });
            setChannelDialog(null);
          }}
        />
      )}
      {retryDialog && (
        <CustomRetryDialog
          initial={retryDialog.retry}
          isNew={retryDialog.index === null}
          codes={codesFor(retryDialog.index)}
          onClose={() => setRetryDialog(null)}
          onSave={(retry) => {
            const index = retryDialog.index;
            setRetry({
              custRetry:
                index === null
                  ? [...values.retry.custRetry, retry]
                  : values.retry.custRetry.map((r, j) => (j === index ? retry : r)),
            });
            setRetryDialog(null);
          }}
        />
      )}
    </form>
  );
}

import {
  ActionIcon,
  Button,
  Card,
  Group,
  Modal,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import type { Balance } from "@reachcx/core/contact/schema";
import { IconTrash } from "@tabler/icons-react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { formatMoney, formatNumber } from "../../../lib/format.ts";
import { type Contact, contactKeys, updateContact } from "../api.ts";
import { type BalanceDraft, parseBalance } from "./form.ts";

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The contact's balances (spec 002 Balances), shown only with the PromptPay licence: Id, Type, Amount,
 * Age (days); Edit Balances changes the list here, Save Changes stores it.
 */
export function BalancesPanel({ contact }: { contact: Contact }) {
  const queryClient = useQueryClient();
  const stored = contact.balances ?? [];
  const [balances, setBalances] = useState<Balance[]>(stored);
  const [editing, setEditing] = useState(false);
  const changed = !same(balances, stored);

  // A change saved elsewhere shows here, unless this panel holds unsaved edits.
  // biome-ignore lint/correctness/useExhaustiveDependencies: follow the stored list only, by value
  useEffect(() => {
    if (!changed) setBalances(stored);
  }, [JSON.stringify(stored)]);

  const save = useMutation({
    mutationFn: () => updateContact(contact.id, { balances }),
    onSuccess: (data) => {
      queryClient.setQueryData(contactKeys.one(contact.id), data);
      setBalances(data.balances ?? []);
      notifications.show({ color: "green", message: "Contact Updated" });
    },
    onError: (err) => notifications.show({ color: "red", message: (err as Error).message }),
  });

  return (
    <Card withBorder>
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={4} size="h5">
            Balances
          </Title>
          <Group gap="xs">
            <Button size="xs" variant="light" onClick={() => setEditing(true)}>
              Edit Balances
            </Button>
            <Button size="xs" disabled={!changed} loading={save.isPending} onClick={() => save.mutate()}>
              Save Changes
            </Button>
          </Group>
        </Group>
        <BalanceTable balances={balances} />
      </Stack>
      {editing && (
        <BalancesDialog
          balances={balances}
          onClose={(next) => {
            setBalances(next);
            setEditing(false);
          }}
        />
      )}
    </Card>
  );
}

function BalanceTable({ balances, onRemove }: { balances: Balance[]; onRemove?: (index: number) => void }) {
  if (balances.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No balances.
      </Text>
    );
  return (
    <Table data-testid="balances-table">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Id</Table.Th>
          <Table.Th>Type</Table.Th>
          <Table.Th ta="right">Amount</Table.Th>
          <Table.Th ta="right">Age (days)</Table.Th>
          {onRemove && (
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          )}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {balances.map((b, i) => (
          // Balance ids are the creditor's and may repeat; the position is the row's identity here.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <Table.Tr key={`${b.id}:${i}`}>
            <Table.Td>{b.id}</Table.Td>
            <Table.Td>{b.type}</Table.Td>
            <Table.Td ta="right">{formatMoney(b.amount)}</Table.Td>
            <Table.Td ta="right">{formatNumber(b.age)}</Table.Td>
            {onRemove && (
              <Table.Td>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Remove balance ${b.id}`}
                  onClick={() => onRemove(i)}
                >
                  <IconTrash size={14} />
                </ActionIcon>
              </Table.Td>
            )}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

const blank: BalanceDraft = { id: "", type: "", amount: "", age: "" };

/**
 * Adds a balance from its four inputs or removes one. Core's Balance schema reads the inputs (all four
 * needed; amount and age parsed as numbers), and its messages show under the inputs they concern.
 */
function BalancesDialog({ balances, onClose }: { balances: Balance[]; onClose: (next: Balance[]) => void }) {
  const [list, setList] = useState(balances);
  const [draft, setDraft] = useState(blank);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (field: keyof BalanceDraft) => (e: React.ChangeEvent<HTMLInputElement>) => {
    setDraft({ ...draft, [field]: e.currentTarget.value });
    setErrors(Object.fromEntries(Object.entries(errors).filter(([path]) => path !== field)));
  };
  const add = () => {
    const parsed = parseBalance(draft);
    if ("errors" in parsed) return setErrors(parsed.errors);
    setList([...list, parsed.balance]);
    setDraft(blank);
  };
  return (
    <Modal opened onClose={() => onClose(list)} title="Edit Balances" size="lg">
      <Stack>
        <BalanceTable balances={list} onRemove={(i) => setList(list.filter((_, j) => j !== i))} />
        <Group grow align="flex-start">
          <TextInput label="Id" value={draft.id} onChange={set("id")} error={errors.id} />
          <TextInput label="Type" value={draft.type} onChange={set("type")} error={errors.type} />
          <TextInput
            label="Amount"
            value={draft.amount}
            onChange={set("amount")}
            inputMode="decimal"
            error={errors.amount}
          />
          <TextInput
            label="Age"
            value={draft.age}
            onChange={set("age")}
            inputMode="numeric"
            error={errors.age}
          />
        </Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={add}>
            Add Balance
          </Button>
          <Button onClick={() => onClose(list)}>Done</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

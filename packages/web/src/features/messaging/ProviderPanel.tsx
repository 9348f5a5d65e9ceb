import {
  Badge,
  Button,
  Card,
  Group,
  PasswordInput,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import type { ProviderRow } from "@reachcx/core/messaging/api";
import {
  CREDENTIAL_FIELDS,
  type CredentialField,
  FIELD_LABELS,
  SECRET_FIELDS,
} from "@reachcx/core/messaging/providers";
import { loginFailed, PROVIDER_UNSAVED, type RowStatus, rowStatus } from "@reachcx/core/messaging/rules";
import { CREDENTIAL_SCHEMAS } from "@reachcx/core/messaging/schema";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import * as v from "valibot";
import { fieldErrors } from "../../lib/api.ts";
import { messagesByPath } from "../../lib/validate.ts";
import { messagingKeys, type ProviderFields, providersQuery, saveProvider, verifyProvider } from "./api.ts";

export const STATUS_COLORS: Record<RowStatus, string> = {
  "Not configured": "gray",
  Verifying: "blue",
  "Verified, Saved": "green",
  "Verified, Unsaved": "teal",
  "Pending verification, Unsaved": "orange",
  "Pending verification, Saved": "yellow",
};

/**
 * Third Party SMS/WhatsApp Provider Configuration (spec 000 §2, §4): one row per provider, its status one
 * of the six. Edit unlocks a saved row and clears its verified flag; Verify locks it when the provider
 * accepts the credentials and unlocks it when not; Save stores the row as it stands.
 */
export function ProviderPanel() {
  const providers = useQuery(providersQuery());
  // Spec 000 §8: a fetch failure on load is logged, not shown as a message.
  useEffect(() => {
    if (providers.error) console.error("Unable to load the messaging providers", providers.error);
  }, [providers.error]);
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Title order={3} size="h4">
          Third Party SMS/WhatsApp Provider Configuration
        </Title>
        <Table verticalSpacing="sm" aria-label="Messaging providers">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Provider</Table.Th>
              <Table.Th>Credentials</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {providers.isPending && (
              <Table.Tr>
                <Table.Td colSpan={4}>
                  <Text c="dimmed" size="sm">
                    Loading providers…
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {providers.isError && (
              <Table.Tr>
                <Table.Td colSpan={4}>
                  <Button size="xs" variant="light" onClick={() => void providers.refetch()}>
                    Load the providers again
                  </Button>
                </Table.Td>
              </Table.Tr>
            )}
            {(providers.data ?? []).map((row) => (
              // A row saved elsewhere (or by this row) starts over from what is stored.
              <ProviderRowEditor key={JSON.stringify(row)} row={row} />
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Card>
  );
}

const blankFields = (row: ProviderRow) =>
  Object.fromEntries(CREDENTIAL_FIELDS[row.provider].map((f) => [f, row.fields[f] ?? ""])) as Record<
    CredentialField,
    string
  >;

function ProviderRowEditor({ row }: { row: ProviderRow }) {
  const queryClient = useQueryClient();
  const [fields, setFields] = useState(() => blankFields(row));
  const [verified, setVerified] = useState(row.verified);
  // A stored row is locked until Edit; a new one is open for typing.
  const [locked, setLocked] = useState(row.configured);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const saved = blankFields(row);
  const dirty =
    verified !== row.verified || CREDENTIAL_FIELDS[row.provider].some((f) => fields[f] !== saved[f]);
  const body = (): ProviderFields =>
    Object.fromEntries(Object.entries(fields).map(([k, val]) => [k, val.trim()]));

  const check = () => {
    const issues = v.safeParse(CREDENTIAL_SCHEMAS[row.provider], body()).issues;
    setErrors(messagesByPath(issues));
    return !issues;
  };

  const verify = useMutation({
    mutationFn: () => verifyProvider(row.provider, body()),
    onSuccess: (answer) => {
      setVerified(answer.verified);
      setLocked(answer.verified);
      notifications.show({ color: answer.verified ? "green" : "red", message: answer.message });
    },
    onError: (err) => {
      setErrors(prefixless(fieldErrors(err)));
      setVerified(false);
      setLocked(false);
      notifications.show({ color: "red", message: loginFailed(row.provider) });
    },
  });

  const save = useMutation({
    mutationFn: () => saveProvider(row.provider, body(), verified),
    onSuccess: (answer) => {
      notifications.show({ color: "green", message: answer.message });
      if (answer.warning) notifications.show({ color: "yellow", message: answer.warning, autoClose: 8000 });
      void queryClient.invalidateQueries({ queryKey: messagingKeys.providers });
      void queryClient.invalidateQueries({ queryKey: messagingKeys.mappings });
    },
    onError: (err) => {
      setErrors(prefixless(fieldErrors(err)));
      notifications.show({ color: "red", message: PROVIDER_UNSAVED });
    },
  });

  const status = rowStatus({ configured: row.configured, dirty, verified, verifying: verify.isPending });
  const busy = verify.isPending || save.isPending;

  return (
    <Table.Tr>
      <Table.Td>
        <Text fw={500}>{row.label}</Text>
      </Table.Td>
      <Table.Td>
        <Group gap="xs" align="flex-start" wrap="wrap">
          {CREDENTIAL_FIELDS[row.provider].map((field) => {
            const Input = SECRET_FIELDS.has(field) ? PasswordInput : TextInput;
            return (
              <Input
                key={field}
                label={`${row.label} ${FIELD_LABELS[field]}`}
                size="xs"
                miw={220}
                value={fields[field]}
                readOnly={locked}
                disabled={busy}
                error={errors[field]}
                onChange={(e) => {
                  const value = e.currentTarget.value;
                  setFields((current) => ({ ...current, [field]: value }));
                  setVerified(false);
                  setErrors((current) => ({ ...current, [field]: "" }));
                }}
              />
            );
          })}
        </Group>
      </Table.Td>
      <Table.Td>
        <Badge color={STATUS_COLORS[status]} variant="light" aria-label={`${row.label} status: ${status}`}>
          {status}
        </Badge>
      </Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <Button
            size="xs"
            variant="default"
            disabled={!locked || busy}
            aria-label={`Edit ${row.label}`}
            onClick={() => {
              setLocked(false);
              setVerified(false);
            }}
          >
            Edit
          </Button>
          <Button
            size="xs"
            variant="light"
            disabled={locked || busy}
            loading={verify.isPending}
            aria-label={`Verify ${row.label}`}
            onClick={() => check() && verify.mutate()}
          >
            Verify
          </Button>
          <Button
            size="xs"
            disabled={!dirty || busy}
            loading={save.isPending}
            aria-label={`Save ${row.label}`}
            onClick={() => check() && save.mutate()}
          >
            Save
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/** The API names a credential field `fields.{name}`; the row's inputs are keyed by the name alone. */
const prefixless = (errors: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(errors).map(([path, message]) => [path.replace(/^fields\./, ""), message]),
  );

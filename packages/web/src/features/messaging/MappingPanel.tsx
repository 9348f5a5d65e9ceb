import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Checkbox,
  Group,
  PasswordInput,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { PROVIDER_LABELS, PROVIDERS, providerLabel } from "@reachcx/core/messaging/providers";
import {
  MAPPING_UNVERIFIABLE,
  MAPPINGS_UNREADABLE,
  MAPPINGS_UNSAVED,
  type Mapping,
  sameMapping,
} from "@reachcx/core/messaging/rules";
import { SmsMappingsInput } from "@reachcx/core/messaging/schema";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import * as v from "valibot";
import { ApiError, fieldErrors } from "../../lib/api.ts";
import { schemaErrors } from "../../lib/validate.ts";
import { mappingsQuery, messagingKeys, pointsOfContactQuery, saveMappings, verifyMapping } from "./api.ts";
import { blankRow, body, type Row, takesReload, toValues, type Values } from "./form.ts";

const providerOptions = PROVIDERS.map((p) => ({ value: p, label: PROVIDER_LABELS[p] }));

/**
 * Third Party SMS/WhatsApp (spec 000 §2, §4, §5): whether third-party SMS is on, and which platform point
 * of contact each sending number belongs to. Changing a row clears its verified mark; the mark is set by
 * the server, for a row saved as shown, when its provider's credentials are verified. The list reloads
 * when the settings record changes, unless the form holds unsaved edits.
 */
export function MappingPanel() {
  const queryClient = useQueryClient();
  const mappings = useQuery(mappingsQuery());
  const pocs = useQuery(pointsOfContactQuery());
  const form = useForm<Values>({
    initialValues: { enabled: false, mappings: [] },
    validate: (values) => schemaErrors(SmsMappingsInput)(body(values)),
  });
  const loaded = useRef<Values | null>(null);
  // The form's methods change identity between renders: the effect reads them through a ref.
  const formRef = useRef(form);
  formRef.current = form;

  // The first answer fills the form; a later one (a save, a verification, another admin's change) replaces
  // it only when nothing is being edited.
  useEffect(() => {
    if (!mappings.data) return;
    const next = toValues(mappings.data);
    const current = formRef.current;
    if (takesReload(current.getValues(), loaded.current)) {
      current.setInitialValues(next);
      current.setValues(next);
    }
    loaded.current = next;
  }, [mappings.data]);

  useEffect(() => {
    if (mappings.isError) notifications.show({ color: "red", message: MAPPINGS_UNREADABLE });
  }, [mappings.isError]);

  const save = useMutation({
    // Sent as the API reads it: trimmed, another provider's App Key dropped.
    mutationFn: (values: Values) => saveMappings(v.parse(SmsMappingsInput, body(values))),
    onSuccess: (answer) => {
      const next = toValues(answer);
      loaded.current = next;
      form.setInitialValues(next);
      form.setValues(next);
      queryClient.setQueryData(messagingKeys.mappings, {
        enabled: answer.enabled,
        mappings: answer.mappings,
      });
      notifications.show({ color: "green", message: answer.message });
    },
    onError: (err) => {
      form.setErrors(fieldErrors(err));
      notifications.show({ color: "red", message: MAPPINGS_UNSAVED });
    },
  });

  const verify = useMutation({
    mutationFn: ({ phone }: { phone: string; index: number }) => verifyMapping(phone),
    onSuccess: (answer, { index }) => {
      form.setFieldValue(`mappings.${index}.verified`, true);
      void queryClient.invalidateQueries({ queryKey: messagingKeys.mappings });
      notifications.show({ color: "green", message: answer.message });
    },
    onError: (err) =>
      notifications.show({
        color: "red",
        // The credentials sentence names the provider (spec 000 §8); anything else is the generic one.
        message: err instanceof ApiError && err.status === 400 ? err.detail : MAPPING_UNVERIFIABLE,
      }),
  });

  const stored = mappings.data?.mappings ?? [];
  const isStored = (row: Row) => row.provider !== null && stored.some((s) => sameMapping(s, row as Mapping));

  const pocOptions = (row: Row) => {
    const options = (pocs.data ?? []).map((p) => ({
      value: p.nicPocGuid,
      label: p.contactAddress ? `${p.nicPocName} (${p.contactAddress})` : p.nicPocName,
    }));
    // A stored point of contact the platform no longer lists still shows by its name.
    if (row.nicPocGuid && !options.some((o) => o.value === row.nicPocGuid))
      options.push({ value: row.nicPocGuid, label: row.nicPocName || row.nicPocGuid });
    return options;
  };

  /** Any change to a row clears its verified mark (spec 000 §4). */
  const change = (index: number, patch: Partial<Row>) => {
    const row = form.getValues().mappings[index];
    if (!row) return;
    form.setFieldValue(`mappings.${index}`, { ...row, ...patch, verified: false });
    form.clearFieldError(`mappings.${index}.${Object.keys(patch)[0]}`);
    form.clearFieldError("mappings");
  };

  const errors = form.errors;

  return (
    <Card withBorder>
      <form
        aria-label="SMS number mappings"
        onSubmit={form.onSubmit((values) => save.mutate(values))}
        noValidate
      >
        <Stack gap="sm">
          <Title order={3} size="h4">
            Third Party SMS/WhatsApp
          </Title>
          {mappings.isError && (
            <Alert color="red" title={MAPPINGS_UNREADABLE}>
              <Button size="xs" variant="light" onClick={() => void mappings.refetch()}>
                Try again
              </Button>
            </Alert>
          )}
          <Switch
            label="Enable third party SMS"
            {...form.getInputProps("enabled", { type: "checkbox" })}
            error={errors.enabled}
          />
          <Table verticalSpacing="xs" aria-label="Number mappings">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Phone Number</Table.Th>
                <Table.Th>InContact Point of Contact</Table.Th>
                <Table.Th>Provider</Table.Th>
                <Table.Th>App Key</Table.Th>
                <Table.Th>Verified</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {form.values.mappings.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={6}>
                    <Text c="dimmed" size="sm">
                      {mappings.isPending ? "Loading mappings…" : "No mappings yet."}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
              {form.values.mappings.map((row, i) => {
                const n = i + 1;
                const storedAsShown = isStored(row);
                return (
                  <Table.Tr key={row.key}>
                    <Table.Td>
                      <TextInput
                        size="xs"
                        label={`Phone number ${n}`}
                        value={row.phone}
                        error={errors[`mappings.${i}.phone`]}
                        onChange={(e) => change(i, { phone: e.currentTarget.value })}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Select
                        size="xs"
                        label={`Point of contact ${n}`}
                        placeholder={pocs.data?.length === 0 ? "No SMS points of contact" : "Select"}
                        data={pocOptions(row)}
                        value={row.nicPocGuid || null}
                        error={errors[`mappings.${i}.nicPocGuid`]}
                        searchable
                        onChange={(value) => {
                          const poc = pocs.data?.find((p) => p.nicPocGuid === value);
                          change(i, { nicPocGuid: value ?? "", nicPocName: poc?.nicPocName ?? "" });
                        }}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Select
                        size="xs"
                        label={`Provider ${n}`}
                        placeholder="Select"
                        data={
                          row.provider && !v.is(v.picklist(PROVIDERS), row.provider)
                            ? [
                                ...providerOptions,
                                { value: row.provider, label: providerLabel(row.provider) },
                              ]
                            : providerOptions
                        }
                        value={row.provider}
                        error={errors[`mappings.${i}.provider`]}
                        onChange={(value) => change(i, { provider: value, appKey: null })}
                      />
                    </Table.Td>
                    <Table.Td>
                      {row.provider === "MMS" ? (
                        <PasswordInput
                          size="xs"
                          label={`App Key ${n}`}
                          value={row.appKey ?? ""}
                          error={errors[`mappings.${i}.appKey`]}
                          onChange={(e) => change(i, { appKey: e.currentTarget.value })}
                        />
                      ) : (
                        <Text size="xs" c="dimmed">
                          Not needed
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Checkbox
                        label={`Verified ${n}`}
                        checked={row.verified}
                        disabled={verify.isPending || (!row.verified && !storedAsShown)}
                        description={!row.verified && !storedAsShown ? "Save to verify" : undefined}
                        onChange={(e) => {
                          if (!e.currentTarget.checked) form.setFieldValue(`mappings.${i}.verified`, false);
                          else verify.mutate({ phone: row.phone, index: i });
                        }}
                      />
                    </Table.Td>
                    <Table.Td>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Remove mapping ${n}`}
                        onClick={() => form.removeListItem("mappings", i)}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
          {errors.mappings && (
            <Text c="red" size="sm" role="alert">
              {errors.mappings}
            </Text>
          )}
          <Group justify="space-between">
            <Button
              variant="light"
              leftSection={<IconPlus size={16} />}
              onClick={() => form.insertListItem("mappings", blankRow())}
            >
              Add Mapping
            </Button>
            <Button type="submit" loading={save.isPending} disabled={mappings.isPending || mappings.isError}>
              Save Mappings
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

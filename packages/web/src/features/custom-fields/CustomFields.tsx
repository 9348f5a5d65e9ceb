import {
  ActionIcon,
  Button,
  Card,
  Group,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { modals } from "@mantine/modals";
import { notifications } from "@mantine/notifications";
import {
  type CustomFieldDef,
  CustomFieldInput,
  customFieldName,
  NEW_CUSTOM_FIELD_TYPES,
  newCustomField,
} from "@reachcx/core/tenant/custom-field-rules";
import { IconTrash } from "@tabler/icons-react";
import { useMutation, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { fieldErrors } from "../../lib/api.ts";
import { schemaErrors } from "../../lib/validate.ts";
import { meKeys } from "../auth/api.ts";
import { addCustomField, customFieldKeys, customFieldsQuery, deleteCustomField } from "./api.ts";

const blank: { displayName: string; type: string | null } = { displayName: "", type: "String" };

/**
 * Custom Fields (spec 001 §2.2, §4, §5): the tenant's fields, a form to add one, delete after 'Are you
 * sure?'. The form checks core's rules (length, uniqueness against the listed and built-in fields) before
 * sending; the API checks them again against the fields as stored.
 */
export function CustomFields() {
  const queryClient = useQueryClient();
  const { data: fields } = useSuspenseQuery(customFieldsQuery());
  const form = useForm({
    initialValues: blank,
    validate: (values) => {
      const errors = schemaErrors(CustomFieldInput)(values);
      if (Object.keys(errors).length > 0) return errors;
      const checked = newCustomField(
        { displayName: values.displayName, type: values.type as CustomFieldInput["type"] },
        fields,
      );
      return Object.fromEntries(checked.errors.map((e) => [e.path, e.message]));
    },
  });

  // The contact screens read the fields from the user's context: refresh it with the list.
  const changed = () => {
    void queryClient.invalidateQueries({ queryKey: customFieldKeys.all });
    void queryClient.invalidateQueries({ queryKey: meKeys.all });
  };

  const add = useMutation({
    mutationFn: (values: typeof blank) =>
      addCustomField({
        displayName: values.displayName,
        type: values.type as CustomFieldInput["type"],
      }),
    onSuccess: (field) => {
      notifications.show({ color: "green", message: `Custom field ${field.displayName} added` });
      form.reset();
      changed();
    },
    onError: (err) => {
      form.setErrors(fieldErrors(err));
      notifications.show({ color: "red", message: (err as Error).message });
    },
  });

  const remove = useMutation({
    mutationFn: deleteCustomField,
    onSuccess: changed,
    onError: (err) => notifications.show({ color: "red", message: (err as Error).message }),
  });

  const confirmDelete = (field: CustomFieldDef) =>
    modals.openConfirmModal({
      title: "Are you sure?",
      children: (
        <Text size="sm">
          The custom field {field.displayName} will be deleted. Contacts keep the values they hold in it.
        </Text>
      ),
      labels: { confirm: "Delete", cancel: "Cancel" },
      confirmProps: { color: "red" },
      onConfirm: () => remove.mutate(field.name),
    });

  const name = customFieldName(form.values.displayName.trim());

  return (
    <Stack maw={900}>
      <Title order={2}>Custom Fields</Title>
      <Card withBorder>
        <form onSubmit={form.onSubmit((values) => add.mutate(values))} aria-label="Add a custom field">
          <Stack gap="xs">
            <Title order={3} size="h4">
              Add a custom field
            </Title>
            <Group align="flex-start" grow>
              <TextInput
                label="Display Name"
                withAsterisk
                description={name ? `Field name: ${name}` : "The field name is the display name, lower-cased"}
                {...form.getInputProps("displayName")}
              />
              <Select
                label="Type"
                withAsterisk
                data={[...NEW_CUSTOM_FIELD_TYPES]}
                allowDeselect={false}
                {...form.getInputProps("type")}
              />
            </Group>
            <Group justify="flex-end">
              <Button type="submit" loading={add.isPending}>
                Add Field
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
      <Table striped highlightOnHover data-testid="custom-fields">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Display Name</Table.Th>
            <Table.Th>Name</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {fields.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={4}>
                <Text c="dimmed" size="sm">
                  No custom fields yet.
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
          {fields.map((field) => (
            <Table.Tr key={field.name}>
              <Table.Td>{field.displayName}</Table.Td>
              <Table.Td>{field.name}</Table.Td>
              <Table.Td>{field.type}</Table.Td>
              <Table.Td>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Delete ${field.displayName}`}
                  onClick={() => confirmDelete(field)}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

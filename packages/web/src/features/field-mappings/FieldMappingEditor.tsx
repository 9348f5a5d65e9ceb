import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Select,
  Stack,
  Table,
  TextInput,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import {
  DEFAULT_MAPPINGS,
  FieldMappingInput,
  MAPPING_TARGETS,
  type MappingTarget,
} from "@reachcx/core/field-mapping/schema";
import { IconTrash } from "@tabler/icons-react";
import { useMutation, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { getRouteApi, Link, useNavigate } from "@tanstack/react-router";
import * as v from "valibot";
import { fieldErrors } from "../../lib/api.ts";
import { schemaErrors } from "../../lib/validate.ts";
import { NEW_ID } from "../../routes/field-mappings.ts";
import { tenantSettingsQuery } from "../settings/api.ts";
import {
  createFieldMapping,
  type FieldMappingBody,
  fieldMappingKeys,
  fieldMappingQuery,
  updateFieldMapping,
} from "./api.ts";
import { toast } from "./toast.ts";

const route = getRouteApi("/shell/gate/config/field-mappings/$id");

/** Spec 001 §8, verbatim. */
export const SAVED_MESSAGE = "Field Mapping saved";

interface Row {
  fromField: string;
  toField: string;
}
interface FormValues {
  name: string;
  mappings: Row[];
}

/** The targets a row may pick: the built-in contact fields, then the tenant's custom fields. */
function useTargets(): { value: string; label: string }[] {
  const settings = useSuspenseQuery(tenantSettingsQuery()).data;
  return [
    ...(Object.keys(MAPPING_TARGETS) as MappingTarget[]).map((value) => ({
      value,
      label: MAPPING_TARGETS[value],
    })),
    ...settings.customFields.map((field) => ({ value: `custom:${field.name}`, label: field.displayName })),
  ];
}

/**
 * The field mapping editor (spec 001 §2.4, §4, §5): a name and the rows from a file header to a contact
 * field, checked with core's FieldMappingInput (the API checks it again, and that the custom fields exist).
 * 'new' starts from the nine default rows and returns to the list once created; an existing mapping saves
 * and stays, saying 'Field Mapping saved'.
 */
export function FieldMappingEditor() {
  const { id } = route.useParams();
  return id === NEW_ID ? (
    <MappingForm id={null} initial={NEW_MAPPING} />
  ) : (
    <ExistingMapping key={id} id={id} />
  );
}

const NEW_MAPPING: FormValues = { name: "", mappings: DEFAULT_MAPPINGS.map((row) => ({ ...row })) };

function ExistingMapping({ id }: { id: string }) {
  const { data } = useSuspenseQuery(fieldMappingQuery(id));
  return <MappingForm id={id} initial={{ name: data.name, mappings: data.mappings }} />;
}

function MappingForm({ id, initial }: { id: string | null; initial: FormValues }) {
  const isNew = id === null;
  const known = useTargets();
  // A saved row may target a custom field deleted since: it stays visible (and the API refuses it on save)
  // rather than showing as an empty choice.
  const targets = [
    ...known,
    ...[...new Set(initial.mappings.map((row) => row.toField))]
      .filter((to) => to && !known.some((t) => t.value === to))
      .map((to) => ({ value: to, label: `${to} (no such field)` })),
  ];
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const form = useForm<FormValues>({
    initialValues: { name: initial.name, mappings: initial.mappings.map((row) => ({ ...row })) },
    validate: schemaErrors(FieldMappingInput),
  });

  const save = useMutation({
    mutationFn: (body: FieldMappingBody) =>
      id === null ? createFieldMapping(body) : updateFieldMapping(id, body),
    onSuccess: (saved) => {
      toast("green", SAVED_MESSAGE);
      queryClient.setQueryData(fieldMappingKeys.one(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: [...fieldMappingKeys.all, "list"] });
      if (isNew) void navigate({ to: "/config/field-mappings" });
      else form.resetDirty({ name: saved.name, mappings: saved.mappings });
    },
    onError: (err) => {
      // The API's field errors land on the inputs they name; anything else is said in a toast.
      const errors = fieldErrors(err);
      if (Object.keys(errors).length > 0) form.setErrors(errors);
      else toast("red", (err as Error).message);
    },
  });

  const submit = form.onSubmit((values) => save.mutate(v.parse(FieldMappingInput, values)));
  const listError = typeof form.errors.mappings === "string" ? form.errors.mappings : null;

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Title order={2}>{isNew ? "New Field Mapping" : `Field Mapping: ${initial.name}`}</Title>
        <TextInput label="Name" required maw={420} {...form.getInputProps("name")} />
        <Table data-testid="mapping-rows">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>File Header</Table.Th>
              <Table.Th>Contact Field</Table.Th>
              <Table.Th>
                <VisuallyHidden>Remove</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {form.values.mappings.map((row, index) => (
              // Rows have no id of their own; their position is what the form's paths and errors name.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <Table.Tr key={index}>
                <Table.Td>
                  <TextInput
                    aria-label={`File header ${index + 1}`}
                    {...form.getInputProps(`mappings.${index}.fromField`)}
                  />
                </Table.Td>
                <Table.Td>
                  <Select
                    aria-label={`Contact field ${index + 1}`}
                    data={targets}
                    searchable
                    allowDeselect={false}
                    {...form.getInputProps(`mappings.${index}.toField`)}
                    value={row.toField || null}
                    onChange={(value) => form.setFieldValue(`mappings.${index}.toField`, value ?? "")}
                  />
                </Table.Td>
                <Table.Td>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Remove row ${index + 1}${row.fromField ? ` (${row.fromField})` : ""}`}
                    onClick={() => form.removeListItem("mappings", index)}
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
          <Button
            variant="default"
            onClick={() => form.insertListItem("mappings", { fromField: "", toField: "" })}
          >
            Add Row
          </Button>
        </Group>
        <Group>
          <Button type="submit" loading={save.isPending}>
            Save
          </Button>
          <Button component={Link} to="/config/field-mappings" variant="default">
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

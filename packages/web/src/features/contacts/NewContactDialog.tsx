import { Button, Group, Modal, Select, SimpleGrid, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { TIME_ZONES, US_STATES } from "@reachcx/core/contact/constants";
import { ContactInput } from "@reachcx/core/contact/schema";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import * as v from "valibot";
import { fieldErrors } from "../../lib/api.ts";
import { schemaErrors } from "../../lib/validate.ts";
import { contactKeys, createContact } from "./api.ts";

/** The inputs as typed; a cleared Select holds null. */
const blank: Record<string, string | null> = {
  firstName: "",
  lastName: "",
  phone: "",
  cell: "",
  email: "",
  source: "",
  address1: "",
  city: "",
  state: "",
  zip: "",
  timeZone: "Mountain",
};

/**
 * '+ Contact' (spec 003 §2.2). The form checks the inputs with ContactInput, the schema the API applies
 * (phone-or-cell included), and sends what it parses them to: trimmed, empty text as null (spec 003 §5).
 * Anything the API refuses still lands on the fields.
 */
export function NewContactDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const form = useForm({ initialValues: blank, validate: schemaErrors(ContactInput) });
  const save = useMutation({
    mutationFn: (values: typeof blank) => createContact(v.parse(ContactInput, values)),
    onSuccess: () => {
      notifications.show({ color: "green", message: "Saved Contact" });
      void queryClient.invalidateQueries({ queryKey: contactKeys.all });
      form.reset();
      onClose();
    },
    // Field errors go under their fields; the message says what failed, as on the detail screen
    // (docs/decisions.md, Save errors).
    onError: (err) => {
      form.setErrors(fieldErrors(err));
      notifications.show({ color: "red", message: (err as Error).message });
    },
  });

  return (
    <Modal opened={opened} onClose={onClose} title="New Contact" size="lg">
      <form onSubmit={form.onSubmit((values) => save.mutate(values))}>
        <SimpleGrid cols={2}>
          <TextInput label="First Name" withAsterisk miw={0} {...form.getInputProps("firstName")} />
          <TextInput label="Last Name" withAsterisk miw={0} {...form.getInputProps("lastName")} />
          <TextInput label="Phone" miw={0} {...form.getInputProps("phone")} />
          <TextInput label="Cell" miw={0} {...form.getInputProps("cell")} />
          <TextInput label="Email" miw={0} {...form.getInputProps("email")} />
          <TextInput label="Source" miw={0} {...form.getInputProps("source")} />
          <TextInput label="Address" miw={0} {...form.getInputProps("address1")} />
          <TextInput label="City" miw={0} {...form.getInputProps("city")} />
          <Select label="State" data={[...US_STATES]} searchable clearable {...form.getInputProps("state")} />
          <TextInput label="Zipcode" miw={0} {...form.getInputProps("zip")} />
          <Select
            label="Timezone"
            data={Object.keys(TIME_ZONES)}
            searchable
            {...form.getInputProps("timeZone")}
          />
        </SimpleGrid>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save
          </Button>
        </Group>
      </form>
    </Modal>
  );
}

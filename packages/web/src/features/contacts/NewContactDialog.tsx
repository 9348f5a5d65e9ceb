import { Button, Group, Modal, Select, SimpleGrid, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { TIME_ZONES, US_STATES } from "@reachcx/core/contact/constants";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { fieldErrors } from "../../lib/api.ts";
import { contactKeys, createContact, type NewContact } from "./api.ts";

const blank = {
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

/** '+ Contact' (spec 003 §2.2). The server applies the contact schema; its messages land on the fields. */
export function NewContactDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const form = useForm({
    initialValues: blank,
    validate: {
      firstName: (v) => (v.trim() ? null : "Please supply a first name"),
      lastName: (v) => (v.trim() ? null : "Please supply a last name"),
      phone: (v, values) => (v.trim() || values.cell.trim() ? null : "Please supply phone or cell number"),
    },
  });
  const save = useMutation({
    mutationFn: (values: typeof blank) =>
      createContact({
        ...values,
        // Empty strings are sent as null (spec 003 §5).
        ...Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.trim() === "" ? null : v])),
        firstName: values.firstName,
        lastName: values.lastName,
        state: values.state || null,
        timeZone: values.timeZone as NewContact["timeZone"],
      } as NewContact),
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

import "@mantine/dates/styles.css";
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Grid,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Tabs,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { type UseFormReturnType, useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { CONTACT_STATUSES, OPTOUT_CHANNELS, TIME_ZONES, US_STATES } from "@reachcx/core/contact/constants";
import type { CustomFieldDef } from "@reachcx/core/contact/custom-fields";
import { useMutation, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { getRouteApi, useNavigate } from "@tanstack/react-router";
import dayjs from "dayjs";
import { useEffect, useState } from "react";
import { fieldErrors } from "../../../lib/api.ts";
import { DateTimeField } from "../../../lib/DateTimeField.tsx";
import { useSession } from "../../../lib/session.ts";
import { type Contact, type ContactPatch, contactKeys, contactQuery, updateContact } from "../api.ts";
import { ActivityFeed } from "./ActivityFeed.tsx";
import { BalancesPanel } from "./BalancesPanel.tsx";
import { DevicesPanel } from "./DevicesPanel.tsx";
import { type ContactForm, type CustomValue, INFO_FIELDS, toForm, toPatch, validateContact } from "./form.ts";

const route = getRouteApi("/shell/gate/contact/$id");

/**
 * The contact detail screen (spec 002 Contact detail, spec 003 §2.3), at /contact/{id}. The route's loader
 * fetched the contact (or showed why it could not, ContactMissing); the change feed invalidates
 * ["contacts"] when it changes anywhere, and this follows.
 */
export function ContactDetail() {
  const { id } = route.useParams();
  const { data } = useSuspenseQuery(contactQuery(id));
  return <ContactEditor key={id} contact={data} />;
}

const FORM_ID = "contact-form";

const dateInput = (iso: string | null) => (iso ? dayjs(iso).format("YYYY-MM-DD HH:mm:ss") : null);

function ContactEditor({ contact }: { contact: Contact }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const context = useSession()?.context;
  const defs = context?.customFields ?? [];
  const withBalances = context?.licenses.includes("PromptPay") ?? false;

  const [initial, setInitial] = useState(() => toForm(contact, defs));
  const form = useForm<ContactForm>({ initialValues: initial, validate: validateContact(defs) });
  const patch = toPatch(initial, form.values);
  const changed = Object.keys(patch).length > 0;
  // Set when the stored contact changed elsewhere while this form held unsaved edits.
  const [stale, setStale] = useState(false);

  const take = (next: Contact) => {
    const values = toForm(next, defs);
    setInitial(values);
    form.setInitialValues(values);
    form.setValues(values);
    setStale(false);
  };

  // The stored contact changed (saved here, in another tab or by another user): follow it, unless the
  // form holds edits, which would be lost; then say so and let the user choose.
  // biome-ignore lint/correctness/useExhaustiveDependencies: follow the stored contact only, by its stamp
  useEffect(() => {
    const next = toForm(contact, defs);
    if (JSON.stringify(next) === JSON.stringify(initial)) return;
    if (changed) setStale(true);
    else take(contact);
  }, [contact.updatedAt, JSON.stringify(contact)]);

  const save = useMutation({
    mutationFn: () => updateContact(contact.id, patch as ContactPatch),
    onSuccess: (data) => {
      queryClient.setQueryData(contactKeys.one(contact.id), data);
      void queryClient.invalidateQueries({ queryKey: contactKeys.all, exact: false, refetchType: "none" });
      take(data);
      notifications.show({ color: "green", message: "Contact Updated" });
    },
    onError: (err) => {
      form.setErrors(fieldErrors(err));
      notifications.show({ color: "red", message: (err as Error).message });
    },
  });

  const close = () => void navigate({ to: "/contacts" });

  return (
    <Tabs value="contact">
      <Group justify="space-between" wrap="nowrap">
        <Tabs.List>
          <Tabs.Tab value="contact">Contact</Tabs.Tab>
        </Tabs.List>
        <Group gap="xs">
          <Button variant="default" onClick={close}>
            Close
          </Button>
          <Button type="submit" form={FORM_ID} disabled={!changed} loading={save.isPending}>
            Save
          </Button>
        </Group>
      </Group>
      <Tabs.Panel value="contact" pt="md">
        <Stack>
          <Title order={2} data-testid="contact-name">
            {contact.firstName} {contact.lastName}
          </Title>
          {stale && (
            <Alert color="yellow" title="This contact was changed elsewhere">
              <Group justify="space-between">
                <Text size="sm">Saving writes only the fields you changed here.</Text>
                <Button size="xs" variant="light" onClick={() => take(contact)}>
                  Discard my changes
                </Button>
              </Group>
            </Alert>
          )}
          {/* The note and balance forms below are not inside this one: forms do not nest. */}
          <form id={FORM_ID} onSubmit={form.onSubmit(() => save.mutate())}>
            <Grid>
              <Grid.Col span={{ base: 12, lg: 8 }}>
                <Stack>
                  <ContactInfo form={form} />
                  {defs.length > 0 && <CustomFields form={form} defs={defs} />}
                </Stack>
              </Grid.Col>
              <Grid.Col span={{ base: 12, lg: 4 }}>
                <SidePanels form={form} />
              </Grid.Col>
            </Grid>
          </form>
          {withBalances && <BalancesPanel contact={contact} />}
          <ActivityFeed contactId={contact.id} />
        </Stack>
      </Tabs.Panel>
    </Tabs>
  );
}

type Form = UseFormReturnType<ContactForm>;

function ContactInfo({ form }: { form: Form }) {
  return (
    <Card withBorder>
      <Title order={3} size="h4" mb="sm">
        Contact Info
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
        {INFO_FIELDS.map(([name, label]) => (
          <TextInput
            key={name}
            label={label}
            withAsterisk={name === "firstName" || name === "lastName"}
            miw={0}
            {...form.getInputProps(name)}
          />
        ))}
        <Select label="State" data={[...US_STATES]} searchable clearable {...form.getInputProps("state")} />
        <Select
          label="Timezone"
          data={Object.keys(TIME_ZONES)}
          searchable
          {...form.getInputProps("timeZone")}
        />
        <Select label="Status" data={[...CONTACT_STATUSES]} {...form.getInputProps("status")} />
        <Switch label="Do Not Call" mt="lg" {...form.getInputProps("dnc", { type: "checkbox" })} />
      </SimpleGrid>
    </Card>
  );
}

/** Expire Date (with clear), Caller ID, Compliance Required, Preview, OptOuts, Devices (spec 002). */
function SidePanels({ form }: { form: Form }) {
  return (
    <Stack>
      <Card withBorder>
        {/* Named "Expire Date: <the date shown>", and its calendar dialog named by it (DateTimeField). */}
        <DateTimeField
          fieldName="Expire Date"
          label="Expire Date"
          labelProps={{ fw: 700, mb: "xs" }}
          placeholder="Never"
          clearable
          clearButtonProps={{ "aria-label": "Clear Expire Date" }}
          valueFormat="YYYY-MM-DD HH:mm"
          value={dateInput(form.values.expireDt)}
          onChange={(value) => form.setFieldValue("expireDt", value ? dayjs(value).toISOString() : null)}
        />
      </Card>
      <Card withBorder>
        <Title order={4} size="h5" mb="xs">
          Caller ID
        </Title>
        <TextInput
          aria-label="Outbound Caller ID"
          placeholder="Outbound caller id"
          miw={0}
          {...form.getInputProps("outboundCallerId")}
        />
      </Card>
      <Card withBorder>
        <Stack gap="sm">
          <Switch
            label="Compliance Required"
            {...form.getInputProps("complianceRequired", { type: "checkbox" })}
          />
          <Switch label="Preview" {...form.getInputProps("preview", { type: "checkbox" })} />
        </Stack>
      </Card>
      <Card withBorder>
        <Title order={4} size="h5" mb="xs">
          OptOuts
        </Title>
        <Group>
          {OPTOUT_CHANNELS.map((channel) => (
            <Checkbox
              key={channel}
              label={channel}
              {...form.getInputProps(`optout.${channel}`, { type: "checkbox" })}
            />
          ))}
        </Group>
      </Card>
      <DevicesPanel
        devices={form.values.mobileDevices}
        onChange={(next) => form.setFieldValue("mobileDevices", next)}
      />
    </Stack>
  );
}

/** One input per tenant custom field, by its type (spec 003 §3: String, Number, DateTime, Boolean). */
function CustomFields({ form, defs }: { form: Form; defs: CustomFieldDef[] }) {
  const set = (key: string) => (value: CustomValue) => form.setFieldValue(`customFields.${key}`, value);
  const error = (key: string) => form.errors[`customFields.${key}`];
  return (
    <Card withBorder>
      <Title order={3} size="h4" mb="sm">
        Custom Fields
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
        {defs.map((def) => {
          const key = `custom:${def.name}`;
          const value = form.values.customFields[key] ?? null;
          switch (def.type) {
            case "Number":
              return (
                <NumberInput
                  key={key}
                  label={def.displayName}
                  value={typeof value === "number" ? value : ""}
                  onChange={(n) => set(key)(typeof n === "number" ? n : null)}
                  error={error(key)}
                />
              );
            case "DateTime":
              return (
                <DateTimeField
                  key={key}
                  fieldName={def.displayName}
                  label={def.displayName}
                  clearable
                  valueFormat="YYYY-MM-DD HH:mm"
                  value={typeof value === "number" ? dayjs(value).format("YYYY-MM-DD HH:mm:ss") : null}
                  onChange={(d) => set(key)(d ? dayjs(d).valueOf() : null)}
                  error={error(key)}
                />
              );
            case "Boolean":
              return (
                <Switch
                  key={key}
                  mt="lg"
                  label={def.displayName}
                  checked={value === true}
                  onChange={(e) => set(key)(e.currentTarget.checked)}
                  error={error(key)}
                />
              );
            default:
              return (
                <TextInput
                  key={key}
                  label={def.displayName}
                  miw={0}
                  value={typeof value === "string" ? value : String(value ?? "")}
                  onChange={(e) => set(key)(e.currentTarget.value)}
                  error={error(key)}
                />
              );
          }
        })}
      </SimpleGrid>
    </Card>
  );
}

import { Alert, Button, Group, Modal, NumberInput, Select, Stack, Text } from "@mantine/core";
import { TIME_ZONES } from "@reachcx/core/contact/constants";
import {
  type ChannelType,
  joinDelay,
  LIMITS,
  NO_PAYMENT_PROFILES_MESSAGE,
  splitDelay,
  TTL_NOTE,
} from "@reachcx/core/profile/schema";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { paymentProfilesQuery } from "./api.ts";

export interface ChannelValues {
  type: ChannelType;
  retryDelay: number;
  maxAttempts: number;
  maxContacts: number | null;
  paymentProfileId: string | null;
  paymentProfileName: string | null;
  defaultTimeZone: string | null;
}

export const newChannel = (type: ChannelType): ChannelValues => ({
  type,
  retryDelay: 60,
  maxAttempts: 3,
  maxContacts: type === "Voice" ? 1 : null,
  paymentProfileId: null,
  paymentProfileName: null,
  defaultTimeZone: null,
});

const inRange = (n: number, min: number, max: number) => Number.isInteger(n) && n >= min && n <= max;

/**
 * The New Channel dialog (spec 002 §5 Channel dialog): Max Attempts 1-300, Max Contacts 1-300 for voice,
 * the retry delay as days, hours and minutes (stored as minutes), and for SMS and Email a C2A payment
 * profile (required) with the note on ttl.
 */
export function ChannelDialog({
  initial,
  isNew,
  onClose,
  onSave,
}: {
  initial: ChannelValues;
  isNew: boolean;
  onClose: () => void;
  onSave: (channel: ChannelValues) => void;
}) {
  const [values, setValues] = useState(initial);
  const [delay, setDelay] = useState(() => splitDelay(initial.retryDelay));
  const payments = useQuery({ ...paymentProfilesQuery(), enabled: initial.type !== "Voice" });
  const voice = values.type === "Voice";
  const set = (patch: Partial<ChannelValues>) => setValues((v) => ({ ...v, ...patch }));

  const errors = {
    maxAttempts: inRange(values.maxAttempts, LIMITS.maxAttempts.min, LIMITS.maxAttempts.max)
      ? null
      : `Max Attempts must be from ${LIMITS.maxAttempts.min} to ${LIMITS.maxAttempts.max}`,
    maxContacts:
      !voice || inRange(values.maxContacts ?? 0, LIMITS.maxContacts.min, LIMITS.maxContacts.max)
        ? null
        : `Max Contacts must be from ${LIMITS.maxContacts.min} to ${LIMITS.maxContacts.max}`,
    days: inRange(delay.days, 0, LIMITS.retryDelay.days) ? null : "Days run 0 to 99",
    hours: inRange(delay.hours, 0, LIMITS.retryDelay.hours) ? null : "Hours run 0 to 23",
    minutes: inRange(delay.minutes, 0, LIMITS.retryDelay.minutes) ? null : "Minutes run 0 to 59",
    payment: voice || values.paymentProfileId ? null : "Choose a C2A payment profile",
  };
  const valid = Object.values(errors).every((e) => e === null);
  const options = payments.data?.items.map((p) => ({ value: p.id, label: p.name })) ?? [];
  const num = (n: string | number) => (typeof n === "number" ? n : Number.NaN);

  return (
    <Modal opened onClose={onClose} title={`${isNew ? "New" : "Edit"} ${values.type} Channel`}>
      <Stack>
        <NumberInput
          label="Max Attempts"
          min={1}
          max={300}
          value={values.maxAttempts}
          error={errors.maxAttempts}
          onChange={(n) => set({ maxAttempts: num(n) })}
        />
        {voice && (
          <NumberInput
            label="Max Contacts"
            min={1}
            max={300}
            value={values.maxContacts ?? ""}
            error={errors.maxContacts}
            onChange={(n) => set({ maxContacts: num(n) })}
          />
        )}
        <Text size="sm" fw={500}>
          Retry Delay
        </Text>
        <Group grow>
          <NumberInput
            label="Days"
            min={0}
            max={99}
            value={delay.days}
            error={errors.days}
            onChange={(n) => setDelay((d) => ({ ...d, days: num(n) }))}
          />
          <NumberInput
            label="Hours"
            min={0}
            max={23}
            value={delay.hours}
            error={errors.hours}
            onChange={(n) => setDelay((d) => ({ ...d, hours: num(n) }))}
          />
          <NumberInput
            label="Minutes"
            min={0}
            max={59}
            value={delay.minutes}
            error={errors.minutes}
            onChange={(n) => setDelay((d) => ({ ...d, minutes: num(n) }))}
          />
        </Group>
        {!voice && (
          <>
            {payments.data && options.length === 0 ? (
              <Alert color="yellow" role="status">
                {NO_PAYMENT_PROFILES_MESSAGE}. A {values.type} channel sends a pay-by-link message from a C2A
                payment profile, so it cannot be saved until one exists.
              </Alert>
            ) : (
              <Select
                label="C2A Payment Profile"
                required
                data={options}
                value={values.paymentProfileId}
                error={errors.payment}
                onChange={(id) =>
                  set({
                    paymentProfileId: id,
                    paymentProfileName: options.find((o) => o.value === id)?.label ?? null,
                  })
                }
              />
            )}
            <Select
              label="Default Time Zone"
              clearable
              data={Object.keys(TIME_ZONES)}
              value={values.defaultTimeZone}
              onChange={(zone) => set({ defaultTimeZone: zone })}
            />
            <Text size="sm" c="dimmed">
              {TTL_NOTE}
            </Text>
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button disabled={!valid} onClick={() => onSave({ ...values, retryDelay: joinDelay(delay) })}>
            {isNew ? "Add Channel" : "Save Channel"}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Modal,
  MultiSelect,
  NumberInput,
  Stack,
  Table,
  TextInput,
  VisuallyHidden,
} from "@mantine/core";
import { END_BELOW_START_MESSAGE, LIMITS } from "@reachcx/core/profile/schema";
import { IconTrash } from "@tabler/icons-react";
import { useState } from "react";

export interface Interval {
  start: number;
  end: number;
  minDuration: number;
  priority: number;
}
export interface CustomRetryValues {
  name: string;
  codes: number[];
  retriesbyattempt: Interval[];
  max?: number;
}

export const newCustomRetry = (): CustomRetryValues => ({
  name: "",
  codes: [],
  retriesbyattempt: [{ start: 1, end: 1, minDuration: 60, priority: 1 }],
});

const isInt = (n: number) => Number.isInteger(n);

/**
 * The Custom Retry dialog (spec 002 §5): a name, disposition codes not used by the profile's other custom
 * retries, and intervals by attempt, each starting at the last end + 1. Add is enabled only with a name
 * holding a letter or digit, minDuration 1-10080 and end attempts from their start to 99.
 */
export function CustomRetryDialog({
  initial,
  isNew,
  codes,
  onClose,
  onSave,
}: {
  initial: CustomRetryValues;
  isNew: boolean;
  /** The catalogue's codes this retry may use (the others' removed). */
  codes: { value: string; label: string }[];
  onClose: () => void;
  onSave: (retry: CustomRetryValues) => void;
}) {
  const [values, setValues] = useState(initial);
  const intervals = values.retriesbyattempt;
  const last = intervals.at(-1);
  const setInterval = (index: number, patch: Partial<Interval>) =>
    setValues((v) => {
      const next = v.retriesbyattempt.map((it, i) => (i === index ? { ...it, ...patch } : { ...it }));
      // Each interval starts at the last end + 1 (spec 002 §5).
      for (let i = 1; i < next.length; i++)
        next[i] = { ...(next[i] as Interval), start: (next[i - 1] as Interval).end + 1 };
      return { ...v, retriesbyattempt: next };
    });
  const endError = (it: Interval) =>
    !isInt(it.end)
      ? "Enter an attempt"
      : it.end < it.start
        ? END_BELOW_START_MESSAGE
        : it.end > LIMITS.endAttempt.max
          ? "At most 99"
          : null;
  const durationError = (it: Interval) =>
    isInt(it.minDuration) &&
    it.minDuration >= LIMITS.minDuration.min &&
    it.minDuration <= LIMITS.minDuration.max
      ? null
      : `From ${LIMITS.minDuration.min} to ${LIMITS.minDuration.max} minutes`;
  const intervalsValid = intervals.every(
    (it) => endError(it) === null && durationError(it) === null && it.end >= 1,
  );
  const canAdd = /[A-Za-z0-9]/.test(values.name) && values.codes.length > 0 && intervalsValid;
  const canAddInterval = last !== undefined && endError(last) === null && last.end < LIMITS.endAttempt.max;
  const num = (n: string | number) => (typeof n === "number" ? n : Number.NaN);

  return (
    <Modal opened onClose={onClose} size="lg" title={isNew ? "Create New Custom Retry" : "Edit Custom Retry"}>
      <Stack>
        <TextInput
          label="Name"
          required
          value={values.name}
          onChange={(e) => setValues({ ...values, name: e.currentTarget.value })}
        />
        <MultiSelect
          label="Disposition Codes"
          searchable
          data={codes}
          value={values.codes.map(String)}
          onChange={(picked) => setValues({ ...values, codes: picked.map(Number) })}
        />
        <Table data-testid="retry-intervals">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Start</Table.Th>
              <Table.Th>End</Table.Th>
              <Table.Th>Min Duration (minutes)</Table.Th>
              <Table.Th>Priority</Table.Th>
              <Table.Th>
                <VisuallyHidden>Remove</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {intervals.map((it, i) => (
              <Table.Tr key={it.start}>
                <Table.Td>{it.start}</Table.Td>
                <Table.Td>
                  <NumberInput
                    aria-label={`Interval ${i + 1} end attempt`}
                    min={it.start}
                    max={99}
                    value={it.end}
                    error={endError(it)}
                    onChange={(n) => setInterval(i, { end: num(n) })}
                  />
                </Table.Td>
                <Table.Td>
                  <NumberInput
                    aria-label={`Interval ${i + 1} minimum duration`}
                    min={1}
                    max={10080}
                    value={it.minDuration}
                    error={durationError(it)}
                    onChange={(n) => setInterval(i, { minDuration: num(n) })}
                  />
                </Table.Td>
                <Table.Td>
                  <NumberInput
                    aria-label={`Interval ${i + 1} priority`}
                    min={1}
                    max={100}
                    value={it.priority}
                    onChange={(n) => setInterval(i, { priority: num(n) || 1 })}
                  />
                </Table.Td>
                <Table.Td>
                  {intervals.length > 1 && (
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Remove interval ${i + 1}`}
                      onClick={() =>
                        setValues((v) => {
                          const kept = v.retriesbyattempt.filter((_, j) => j !== i);
                          let start = 1;
                          const chained = kept.map((k) => {
                            const next = { ...k, start, end: Math.max(k.end, start) };
                            start = next.end + 1;
                            return next;
                          });
                          return { ...v, retriesbyattempt: chained };
                        })
                      }
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {codes.length === 0 && (
          <Alert color="yellow">Every disposition code is in another custom retry.</Alert>
        )}
        <Group justify="space-between">
          <Button
            variant="light"
            disabled={!canAddInterval}
            onClick={() =>
              last &&
              setValues((v) => ({
                ...v,
                retriesbyattempt: [
                  ...v.retriesbyattempt,
                  { start: last.end + 1, end: last.end + 1, minDuration: last.minDuration, priority: 1 },
                ],
              }))
            }
          >
            Add Interval
          </Button>
          <Group>
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button disabled={!canAdd} onClick={() => onSave({ ...values, max: last?.end ?? 0 })}>
              {isNew ? "Add" : "Save"}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}

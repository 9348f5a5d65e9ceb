import { Group, Progress, Stack, Text } from "@mantine/core";
import { COUNTER_LABELS, isActive, type JobRow } from "./api.ts";

/** How far a job is, 0-100, or null when its total is not known yet. */
export function percentOf(job: Pick<JobRow, "progress" | "state">): number | null {
  if (job.state === "done") return 100;
  const p = job.progress;
  if (!p || p.total === null || p.total === 0) return null;
  return Math.min(100, Math.floor((p.done / p.total) * 100));
}

/** Time left at the rate so far (done since startedAt), or null before there is a rate. */
export function etaSeconds(
  job: Pick<JobRow, "progress" | "startedAt" | "state">,
  now = Date.now(),
): number | null {
  const p = job.progress;
  if (job.state !== "running" || !p || p.total === null || !job.startedAt || p.done <= 0) return null;
  const elapsed = (now - Date.parse(job.startedAt)) / 1000;
  if (elapsed <= 0) return null;
  return Math.max(0, Math.round(((p.total - p.done) * elapsed) / p.done));
}

export const formatEta = (seconds: number) =>
  seconds < 60
    ? `${seconds} s`
    : seconds < 3600
      ? `${Math.floor(seconds / 60)} min ${seconds % 60} s`
      : `${Math.floor(seconds / 3600)} h ${Math.floor((seconds % 3600) / 60)} min`;

const UNIT_WORDS: Record<string, (n: number) => string> = {
  bytes: (n) => (n >= 1_048_576 ? `${(n / 1_048_576).toFixed(1)} MB` : `${Math.ceil(n / 1024)} KB`),
};
const amount = (n: number, unit: string) => UNIT_WORDS[unit]?.(n) ?? `${n.toLocaleString()} ${unit}`;

/** The counters as the screens show them: the kind's own, in a fixed order. */
export function Counters({ counters }: { counters: Record<string, number> }) {
  const known = Object.keys(COUNTER_LABELS).filter((k) => k in counters);
  const rest = Object.keys(counters).filter((k) => !(k in COUNTER_LABELS));
  return (
    <Group gap="md" data-testid="job-counters">
      {[...known, ...rest].map((key) => (
        <Text key={key} size="sm">
          {COUNTER_LABELS[key] ?? key}: <b>{(counters[key] ?? 0).toLocaleString()}</b>
        </Text>
      ))}
    </Group>
  );
}

/**
 * A job's progress bar (done of total in its unit), its counters and the time left at the rate so far.
 * It is as live as the job query feeding it: the live feed refreshes that query with every checkpoint.
 */
export function JobProgress({ job, label }: { job: JobRow; label: string }) {
  const percent = percentOf(job);
  const eta = etaSeconds(job);
  const p = job.progress;
  return (
    <Stack gap={6}>
      <Progress.Root size="lg">
        <Progress.Section
          value={percent ?? 100}
          animated={isActive(job.state)}
          striped={percent === null && isActive(job.state)}
          color={job.state === "failed" ? "red" : job.state === "cancelled" ? "gray" : undefined}
          aria-label={label}
        />
      </Progress.Root>
      <Group justify="space-between" gap="xs">
        <Text size="sm" c="dimmed" data-testid="job-progress">
          {p
            ? p.total === null
              ? amount(p.done, p.unit)
              : `${amount(p.done, p.unit)} of ${amount(p.total, p.unit)}${percent === null ? "" : ` (${percent}%)`}`
            : job.state === "queued"
              ? "Waiting to start"
              : "Starting"}
        </Text>
        {eta !== null && (
          <Text size="sm" c="dimmed" data-testid="job-eta">
            About {formatEta(eta)} left
          </Text>
        )}
      </Group>
      <Counters counters={job.counters} />
    </Stack>
  );
}

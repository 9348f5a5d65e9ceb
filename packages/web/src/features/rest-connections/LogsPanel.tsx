import { Badge, Button, Code, Group, Paper, ScrollArea, Stack, Text } from "@mantine/core";
import { STATUS_COLORS, statusClass } from "@reachcx/core/rest-connection/log";
import { displayLocale } from "../../lib/format.ts";
import type { RestTestEntry } from "./api.ts";

/** Spec 001 §2.5/§9: the log panel is at most 600px high. */
export const LOG_PANEL_MAX_HEIGHT = 600;

function Entry({ entry }: { entry: RestTestEntry }) {
  const color = STATUS_COLORS[statusClass(entry.status)];
  const at = new Date(entry.at).toLocaleTimeString(displayLocale());
  return (
    <Paper withBorder p="xs" data-testid="log-entry">
      <Stack gap={4}>
        <Group gap="xs">
          <Badge
            color={color}
            variant="filled"
            data-status-class={statusClass(entry.status)}
            data-testid="log-status"
          >
            {entry.status ?? "Failed"}
          </Badge>
          <Text size="sm" fw={600}>
            {entry.method}
          </Text>
          <Text size="sm" c="dimmed">
            {at} · {entry.ms} ms
          </Text>
        </Group>
        {entry.error && (
          <Text size="sm" c="red.8">
            {entry.error}
          </Text>
        )}
        {entry.note && <Text size="sm">{entry.note}</Text>}
        {entry.excerpt && (
          <Code block style={{ whiteSpace: "pre-wrap", wordBreak: "break-all" }}>
            {entry.excerpt}
          </Code>
        )}
      </Stack>
    </Paper>
  );
}

/** The Logs tab: each Test's entry, newest first, coloured by status class (spec 001 §4), and Clear. */
export function LogsPanel({ entries, clear }: { entries: readonly RestTestEntry[]; clear: () => void }) {
  return (
    <Stack>
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          Test results stay in this browser tab; they are not saved with the connection.
        </Text>
        <Button variant="default" onClick={clear} disabled={entries.length === 0}>
          Clear
        </Button>
      </Group>
      <ScrollArea.Autosize mah={LOG_PANEL_MAX_HEIGHT} type="auto" data-testid="log-panel">
        <Stack gap="xs">
          {entries.length === 0 && (
            <Text c="dimmed" size="sm">
              No tests yet. Test sends the request and shows the answer here.
            </Text>
          )}
          {entries.map((entry) => (
            <Entry key={`${entry.at}-${entry.ms}`} entry={entry} />
          ))}
        </Stack>
      </ScrollArea.Autosize>
    </Stack>
  );
}

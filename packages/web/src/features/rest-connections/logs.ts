import { MAX_LOG_ENTRIES } from "@reachcx/core/rest-connection/log";
import { useCallback, useState } from "react";
import type { RestTestEntry } from "./api.ts";

/**
 * Test logs stay in the browser (spec 001 §4: "Test logs accumulate locally only (not stored)"): in
 * sessionStorage per connection, so they survive a reload of the editor and the move from 'new' to the
 * saved id, and go with the tab. At most MAX_LOG_ENTRIES, newest first.
 */
const keyOf = (id: string) => `rest-connection-logs:${id}`;

function read(id: string): RestTestEntry[] {
  try {
    const raw = sessionStorage.getItem(keyOf(id));
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(parsed) ? (parsed as RestTestEntry[]) : [];
  } catch {
    return [];
  }
}

function write(id: string, entries: RestTestEntry[]) {
  try {
    if (entries.length === 0) sessionStorage.removeItem(keyOf(id));
    else sessionStorage.setItem(keyOf(id), JSON.stringify(entries));
  } catch {
    // Storage full or refused: the entries still show until the editor closes.
  }
}

export const forgetLogs = (id: string) => write(id, []);

/** Carries the unsaved editor's entries over to the id it was saved as. */
export function moveLogs(from: string, to: string) {
  write(to, read(from));
  write(from, []);
}

export function useTestLogs(id: string) {
  const [entries, setEntries] = useState(() => read(id));
  const add = useCallback(
    (entry: RestTestEntry) =>
      setEntries((current) => {
        const next = [entry, ...current].slice(0, MAX_LOG_ENTRIES);
        write(id, next);
        return next;
      }),
    [id],
  );
  const clear = useCallback(() => {
    write(id, []);
    setEntries([]);
  }, [id]);
  return { entries, add, clear };
}

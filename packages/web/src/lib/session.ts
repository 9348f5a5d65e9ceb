import type { UserContext } from "@reachcx/core/context/index";
import { useSyncExternalStore } from "react";

export interface Session {
  token: string;
  context: UserContext;
}

const KEY = "reachcx.session";
const listeners = new Set<() => void>();

function read(): Session | null {
  try {
    const raw = localStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as Session) : null;
  } catch {
    return null;
  }
}

let current = read();

/** The signed-in session, kept in localStorage so a reload (or another tab) stays signed in. */
export const session = {
  get: () => current,
  set(next: Session | null) {
    current = next;
    if (next) localStorage.setItem(KEY, JSON.stringify(next));
    else localStorage.removeItem(KEY);
    for (const l of listeners) l();
  },
  updateContext(context: UserContext) {
    if (current) session.set({ ...current, context });
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

// Another tab signing in or out changes this one too.
window.addEventListener("storage", (e) => {
  if (e.key !== KEY) return;
  current = read();
  for (const l of listeners) l();
});

/** The router's `auth` context: the session store itself, so route guards and components agree. */
export type Auth = typeof session;

export function useSession(): Session | null {
  return useSyncExternalStore(session.subscribe, session.get, session.get);
}

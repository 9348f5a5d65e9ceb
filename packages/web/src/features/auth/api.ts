import { queryOptions } from "@tanstack/react-query";
import { api, unwrap } from "../../lib/api.ts";

/** ["me"]: the signed-in user's context, refetched when the tenant or the user changes. */
export const meKeys = { all: ["me"] as const };

export const meQuery = () =>
  queryOptions({ queryKey: meKeys.all, queryFn: () => unwrap(api.auth.me.$get()) });

export type SignInBody = Parameters<(typeof api.auth)["sign-in"]["$post"]>[0]["json"];
export type SignUpBody = Parameters<(typeof api.auth)["sign-up"]["$post"]>[0]["json"];
export type NewPasswordBody = Parameters<(typeof api.auth)["new-password"]["$post"]>[0]["json"];

/** Signed in, or NEW_PASSWORD_REQUIRED for a user whose password is temporary. */
export const signIn = async (json: SignInBody) => (await api.auth["sign-in"].$post({ json })).json();
export const signUp = (json: SignUpBody) => unwrap(api.auth["sign-up"].$post({ json }));
export const newPassword = (json: NewPasswordBody) => unwrap(api.auth["new-password"].$post({ json }));

/**
 * The pending challenge between the sign-in page and the new-password page: kept in this tab's
 * sessionStorage (not the URL, where it would land in the history), gone once used or the tab closes.
 */
const CHALLENGE_KEY = "reachcx.challenge";

export interface PendingChallenge {
  email: string;
  session: string;
}

export const pendingChallenge = {
  get(): PendingChallenge | null {
    try {
      const raw = sessionStorage.getItem(CHALLENGE_KEY);
      return raw ? (JSON.parse(raw) as PendingChallenge) : null;
    } catch {
      return null;
    }
  },
  set(value: PendingChallenge | null) {
    if (value) sessionStorage.setItem(CHALLENGE_KEY, JSON.stringify(value));
    else sessionStorage.removeItem(CHALLENGE_KEY);
  },
};

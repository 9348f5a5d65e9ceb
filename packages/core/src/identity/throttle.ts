import { ThrottledError } from "../error/index.ts";

/**
 * Sign-in throttling for the embedded identity (Cognito throttles on AWS: docs/decisions.md).
 *
 * Per account (the normalized email, whether or not it exists, so a lockout reveals nothing): the first
 * `freeFailures` wrong passwords cost nothing; each further one locks the account for a time that doubles,
 * from `baseLockSeconds` up to `maxLockSeconds`. While locked every attempt, the right password included,
 * is refused without checking it. A success forgets the account's failures; so does a quiet
 * `forgetAfterSeconds` after the last failure.
 *
 * Per client address: only failures count, so many people signing in from one office address are never
 * slowed by their successes. More than `addressFailures` failures within `addressWindowSeconds` refuse
 * every attempt from the address until the window ends. A success does not reset it: one valid account
 * must not let an address keep guessing at others.
 */
export interface ThrottleRules {
  freeFailures: number;
  baseLockSeconds: number;
  maxLockSeconds: number;
  forgetAfterSeconds: number;
  addressFailures: number;
  addressWindowSeconds: number;
}

export const DEFAULT_THROTTLE: ThrottleRules = {
  freeFailures: 5,
  baseLockSeconds: 1,
  maxLockSeconds: 15 * 60,
  forgetAfterSeconds: 15 * 60,
  addressFailures: 100,
  addressWindowSeconds: 10 * 60,
};

export interface AccountState {
  failures: number;
  lastFailure: number;
  lockedUntil: number;
}

export interface AddressState {
  failures: number;
  windowStart: number;
}

/** How long the account stays locked after its `failures`-th failure (0: not locked). */
export function lockSeconds(rules: ThrottleRules, failures: number): number {
  const over = failures - rules.freeFailures;
  if (over <= 0) return 0;
  return Math.min(rules.maxLockSeconds, rules.baseLockSeconds * 2 ** Math.min(over - 1, 40));
}

/** The account after one more failure at `now` (ms). */
export function accountFailed(
  rules: ThrottleRules,
  state: AccountState | undefined,
  now: number,
): AccountState {
  const failures = (current(rules, state, now)?.failures ?? 0) + 1;
  return { failures, lastFailure: now, lockedUntil: now + lockSeconds(rules, failures) * 1000 };
}

/** The address after one more failure at `now` (ms). */
export function addressFailed(
  rules: ThrottleRules,
  state: AddressState | undefined,
  now: number,
): AddressState {
  const live = state && now - state.windowStart < rules.addressWindowSeconds * 1000 ? state : undefined;
  return live ? { ...live, failures: live.failures + 1 } : { failures: 1, windowStart: now };
}

/** Seconds to wait before the next attempt, or 0 when an attempt may go ahead. */
export function waitSeconds(
  rules: ThrottleRules,
  account: AccountState | undefined,
  address: AddressState | undefined,
  now: number,
): number {
  const accountUntil = current(rules, account, now)?.lockedUntil ?? 0;
  const addressUntil =
    address && address.failures > rules.addressFailures
      ? address.windowStart + rules.addressWindowSeconds * 1000
      : 0;
  const until = Math.max(accountUntil, addressUntil);
  return until > now ? Math.ceil((until - now) / 1000) : 0;
}

/** A state still worth keeping at `now`: an account's failures are forgotten after a quiet spell. */
function current(rules: ThrottleRules, state: AccountState | undefined, now: number) {
  if (!state) return undefined;
  const quietSince = Math.max(state.lastFailure, state.lockedUntil);
  return now - quietSince < rules.forgetAfterSeconds * 1000 ? state : undefined;
}

export const tooManyAttempts = (retryAfterSeconds: number) =>
  new ThrottledError(
    "auth.too_many_attempts",
    `Too many sign-in attempts. Try again in ${retryAfterSeconds} second${retryAfterSeconds === 1 ? "" : "s"}.`,
    retryAfterSeconds,
  );

/**
 * The throttle's state in this process's memory: enough for the embedded runtime, which is one process
 * (a restart forgets it). Entries past their window are dropped once the maps grow large, so a spray of
 * made-up emails cannot grow them without bound.
 */
export function memoryThrottle(options: { rules?: Partial<ThrottleRules>; now?: () => number } = {}) {
  const rules = { ...DEFAULT_THROTTLE, ...options.rules };
  const now = options.now ?? Date.now;
  const accounts = new Map<string, AccountState>();
  const addresses = new Map<string, AddressState>();
  const PRUNE_AT = 10_000;

  function prune(at: number) {
    if (accounts.size > PRUNE_AT)
      for (const [key, state] of accounts) if (!current(rules, state, at)) accounts.delete(key);
    if (addresses.size > PRUNE_AT)
      for (const [key, state] of addresses)
        if (at - state.windowStart >= rules.addressWindowSeconds * 1000) addresses.delete(key);
  }

  return {
    /**
     * Call before any password work: throws a 429 ThrottledError when the account or the address must wait,
     * else counts the attempt as a failure until `succeeded` says otherwise, so attempts sent in parallel
     * are counted before their passwords are checked.
     */
    attempt(account: string, address: string | undefined) {
      const at = now();
      const wait = waitSeconds(
        rules,
        accounts.get(account),
        address === undefined ? undefined : addresses.get(address),
        at,
      );
      if (wait > 0) throw tooManyAttempts(wait);
      prune(at);
      accounts.set(account, accountFailed(rules, accounts.get(account), at));
      if (address !== undefined) addresses.set(address, addressFailed(rules, addresses.get(address), at));
    },
    /**
     * The attempt was wrong (it was counted already): the lockout runs from now, when the caller hears
     * the 401, rather than from when the password check began.
     */
    failed(account: string) {
      const state = accounts.get(account);
      const at = now();
      if (state)
        accounts.set(account, {
          ...state,
          lastFailure: at,
          lockedUntil: Math.max(state.lockedUntil, at + lockSeconds(rules, state.failures) * 1000),
        });
    },
    /** The attempt was right: the account's failures are forgotten and the address's count takes it back. */
    succeeded(account: string, address: string | undefined) {
      accounts.delete(account);
      const state = address === undefined ? undefined : addresses.get(address);
      if (address !== undefined && state)
        addresses.set(address, { ...state, failures: Math.max(0, state.failures - 1) });
    },
  };
}

export type SignInThrottle = ReturnType<typeof memoryThrottle>;

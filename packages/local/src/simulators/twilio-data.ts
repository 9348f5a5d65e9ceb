/**
 * What the Twilio simulator knows at start: the acme demo account, and accounts whose SID switches the
 * simulator into a failure, so tests (and a curious user) can see how a misbehaving provider is handled.
 */
const sid = (tail: string) => `AC${tail.padStart(32, "0")}`;

export interface SimulatedTwilioAccount {
  accountSid: string;
  authToken: string;
  publicKeys: { sid: string; friendly_name: string }[];
}

export const TWILIO_ACCOUNTS: SimulatedTwilioAccount[] = [
  {
    accountSid: `AC5e1d0c0ffee0ac3e${"1".padStart(16, "0")}`,
    authToken: "acme-twilio-auth-token-0001",
    publicKeys: [{ sid: `CR5e1d0c0ffee0ac3e${"1".padStart(16, "0")}`, friendly_name: "Acme signing key" }],
  },
];

/** Any token is taken for these SIDs: the simulator answers as the failure says. */
export const TWILIO_FAILURES = {
  /** 500 with an error page. */
  error: sid("500"),
  /** Accepts the connection and never answers. */
  hang: sid("dead"),
  /** 200 with a body that is not JSON. */
  garbage: sid("bad0"),
  /** 200 with a 1 MB body. */
  huge: sid("b160"),
} as const;

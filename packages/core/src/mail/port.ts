/**
 * The Mail port: notices the product sends to people (an import's counts, merchant onboarding, reports).
 * AWS: Amazon SES v2 SendEmail (adapters/ses.ts); embedded: an outbox kept in the Store (mail/outbox.ts),
 * read through GET /api/outbox and the console's /outbox page, so a user of the demo sees the mail.
 *
 * `tenant` is whose message it is: the outbox is kept by tenant, and an adapter may tag or bill by it.
 */
export interface MailMessage {
  tenant: string;
  to: string[];
  subject: string;
  text: string;
  html?: string;
  /** What kind of notice it is ("import", "onboarding" ...), for filtering and for SES's message tags. */
  tag?: string;
}

export interface Mail {
  /** Sends (or, embedded, keeps) the message; answers the id the adapter gave it. */
  send(message: MailMessage): Promise<{ id: string }>;
}

/** The most recipients one message may name (SES's own limit is 50 destinations). */
export const MAX_RECIPIENTS = 50;

/** Refuses a message no adapter could deliver: a programming error, never a tenant's input. */
export function checkMessage(message: MailMessage): MailMessage {
  if (!message.tenant) throw new Error("A mail message needs a tenant.");
  if (message.to.length === 0 || message.to.length > MAX_RECIPIENTS)
    throw new Error(`A mail message needs 1 to ${MAX_RECIPIENTS} recipients.`);
  if (message.to.some((to) => !/^[^\s@<>,;]+@[^\s@<>,;]+$/.test(to)))
    throw new Error("A mail recipient is not an email address.");
  if (!message.subject.trim()) throw new Error("A mail message needs a subject.");
  return { ...message, subject: message.subject.replace(/[\r\n]+/g, " ").slice(0, 998) };
}

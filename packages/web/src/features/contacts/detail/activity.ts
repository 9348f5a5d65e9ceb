/** What an activity log carries that its detail panel shows (spec 002 Activity table, spec 003 §3). */
export interface ActivityLike {
  type: string;
  disposition?: string;
  title?: string;
  body?: string;
  campaign?: string;
  segment?: string;
  metaData?: unknown;
}

/** metaData is JSON: stored as a map, or as text by older writers. */
export function metaOf(activity: Pick<ActivityLike, "metaData">): Record<string, unknown> {
  const meta = activity.metaData;
  if (typeof meta === "string") {
    try {
      const parsed = JSON.parse(meta) as unknown;
      return parsed && typeof parsed === "object" ? (parsed as Record<string, unknown>) : {};
    } catch {
      return {};
    }
  }
  return meta && typeof meta === "object" ? (meta as Record<string, unknown>) : {};
}

const text = (value: unknown) =>
  value === undefined || value === null || value === "" ? undefined : String(value);

/**
 * The labelled values of a Dial activity's detail panel: disposition description, classification, campaign
 * id, segment id and completed reason (spec 002). The dialer writes them into metaData; campaign and segment
 * also live on the activity itself.
 */
export function dialDetails(activity: ActivityLike): [string, string | undefined][] {
  const meta = metaOf(activity);
  return [
    ["Disposition", text(meta.dispositionDescription) ?? text(activity.disposition)],
    ["Classification", text(meta.classification)],
    ["Campaign", text(meta.campaignId) ?? text(activity.campaign)],
    ["Segment", text(meta.segmentId) ?? text(activity.segment)],
    ["Completed Reason", text(meta.completedReason)],
  ];
}

/**
 * The outcome line of a PromptPay activity (spec 003 Live activity): 'Opened' is 'Payment link has been
 * opened'; 'Attempted' with a transaction is 'Payment Successful', with transactionMeta 'Payment Declined'.
 * The event name is the disposition (or, failing that, the title).
 */
export function promptPayOutcome(activity: ActivityLike): string | undefined {
  const meta = metaOf(activity);
  const event = activity.disposition || activity.title;
  if (event === "Opened") return "Payment link has been opened";
  if (event === "Attempted") {
    if (meta.transaction) return "Payment Successful";
    if (meta.transactionMeta) return "Payment Declined";
  }
  return undefined;
}

/** Amount, card and channel of a PromptPay transaction, when there is one. */
export function promptPayDetails(activity: ActivityLike): [string, string | undefined][] {
  const meta = metaOf(activity);
  const transaction = (meta.transaction ?? {}) as Record<string, unknown>;
  const amount = transaction.transactionAmount;
  return [
    ["Amount", typeof amount === "number" ? amount.toFixed(2) : text(amount)],
    ["Card", text(transaction.cardNumber)],
    ["Channel", text(meta.channel)],
  ];
}

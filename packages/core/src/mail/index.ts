import { useTenant } from "../actor/index.ts";
import { useEnv, useStore } from "../env.ts";
import { VisibleError } from "../error/index.ts";
import { DEFAULT_LIMIT, type Page, type PageQuery, storePage } from "../paging.ts";
import type { MailItem } from "../store/entities.ts";
import type { OutboxMessage, OutboxSummary } from "./api.ts";

export * from "./api.ts";
export * from "./port.ts";

/** The mail a process sends: the Env's Mail port (SES on AWS, the outbox in embedded mode). */
export const useMail = () => useEnv().mail;

export const OUTBOX_EMBEDDED_ONLY =
  "The outbox exists only in embedded mode: on AWS mail is delivered by Amazon SES and not kept.";

/** The outbox is the embedded Mail adapter's delivery; on AWS there is nothing to read (404, not an empty list). */
function assertEmbedded() {
  if (useEnv().mode !== "embedded")
    throw new VisibleError("not_found", "outbox.embedded_only", OUTBOX_EMBEDDED_ONLY);
}

const summary = (item: MailItem): OutboxSummary => ({
  id: item.id,
  to: item.to,
  subject: item.subject,
  tag: item.tag ?? null,
  createdAt: item.createdAt,
});

/** The tenant's kept mail, newest first, a page at a time. */
export async function listOutbox(page: PageQuery): Promise<Page<OutboxSummary>> {
  assertEmbedded();
  const tenant = useTenant();
  const { data, cursor } = await storePage(`outbox:${tenant}`, page.cursor, (cursor) =>
    useStore()
      .entities.mail.query.byCreated({ tenant })
      .go({ order: "desc", cursor, limit: page.limit ?? DEFAULT_LIMIT }),
  );
  return { items: data.map(summary), nextCursor: cursor ?? null };
}

export async function getOutboxMessage(id: string): Promise<OutboxMessage> {
  assertEmbedded();
  const tenant = useTenant();
  const { data } = await useStore().entities.mail.get({ tenant, id }).go();
  if (!data) throw new VisibleError("not_found", "outbox.not_found", `Message ${id} does not exist.`);
  return { ...summary(data), text: data.text, html: data.html ?? null };
}

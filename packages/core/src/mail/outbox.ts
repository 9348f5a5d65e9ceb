import { randomUUID } from "node:crypto";
import type { StoreService } from "../store/entities.ts";
import { checkMessage, type Mail } from "./port.ts";

/** The most text an outbox message keeps (a notice is a few lines; SES's own limit is 40 MB a message). */
export const MAX_OUTBOX_TEXT = 256 * 1024;

/**
 * The embedded Mail adapter: every message is kept in the tenant's outbox (the `mail` entity) instead of
 * leaving the machine, so the demo needs no mail server and a person using it reads the mail at /outbox.
 */
export function outboxMail(store: () => StoreService): Mail {
  return {
    async send(raw) {
      const message = checkMessage(raw);
      const id = randomUUID();
      await store()
        .entities.mail.create({
          tenant: message.tenant,
          id,
          to: message.to,
          subject: message.subject,
          text: message.text.slice(0, MAX_OUTBOX_TEXT),
          ...(message.html ? { html: message.html.slice(0, MAX_OUTBOX_TEXT) } : {}),
          ...(message.tag ? { tag: message.tag } : {}),
        })
        .go();
      return { id };
    },
  };
}

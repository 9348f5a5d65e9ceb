import { SESv2Client, SendEmailCommand } from "@aws-sdk/client-sesv2";
import { checkMessage, type Mail } from "../mail/port.ts";

/** What the adapter needs of an SES client (a stub in test/conformance/mail.test.ts). */
export interface SesSender {
  send(command: SendEmailCommand): Promise<{ MessageId?: string }>;
}

/** SES message tags take letters, digits, _ and - only. */
const tagValue = (value: string) => value.replace(/[^A-Za-z0-9_-]/g, "_").slice(0, 256) || "none";

/**
 * The Mail port on Amazon SES v2 (SendEmail, simple content). `from` is the stage's verified sender
 * (MAIL_FROM, stacks/Api.ts); the tenant and the tag travel as SES message tags, so sending statistics and
 * bounces can be told apart per tenant.
 */
export function sesMail(options: { from: string; region?: string; client?: SesSender }): Mail {
  const client: SesSender = options.client ?? new SESv2Client({ region: options.region });
  return {
    async send(raw) {
      const message = checkMessage(raw);
      const answer = await client.send(
        new SendEmailCommand({
          FromEmailAddress: options.from,
          Destination: { ToAddresses: message.to },
          Content: {
            Simple: {
              Subject: { Data: message.subject, Charset: "UTF-8" },
              Body: {
                Text: { Data: message.text, Charset: "UTF-8" },
                ...(message.html ? { Html: { Data: message.html, Charset: "UTF-8" } } : {}),
              },
            },
          },
          EmailTags: [
            { Name: "tenant", Value: tagValue(message.tenant) },
            { Name: "tag", Value: tagValue(message.tag ?? "none") },
          ],
        }),
      );
      if (!answer.MessageId) throw new Error("SES answered SendEmail without a message id.");
      return { id: answer.MessageId };
    },
  };
}

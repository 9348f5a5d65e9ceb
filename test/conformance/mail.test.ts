import { randomUUID } from "node:crypto";
import type { SendEmailCommand } from "@aws-sdk/client-sesv2";
import { describe, expect, it } from "vitest";
import { sesMail } from "../../packages/core/src/adapters/ses.ts";
import { outboxMail } from "../../packages/core/src/mail/outbox.ts";
import type { Mail, MailMessage } from "../../packages/core/src/mail/port.ts";
import { testStore } from "../support/api.ts";

const message = (tenant: string): MailMessage => ({
  tenant,
  to: ["admin@acme.example"],
  subject: "Import finished: 3 imported, 1 rejected",
  text: "Your import of contacts.csv finished.",
  html: "<p>Your import of <b>contacts.csv</b> finished.</p>",
  tag: "import",
});

/** What every Mail adapter must do (mail/port.ts). */
function mailSuite(name: string, make: () => Promise<Mail>) {
  describe(`Mail conformance: ${name}`, () => {
    it("answers an id for a message it sent", async () => {
      const mail = await make();
      const { id } = await mail.send(message(`t-${randomUUID().slice(0, 8)}`));
      expect(id).toMatch(/\S/);
    });

    it("refuses a message with no recipient, a recipient that is no address, or no subject", async () => {
      const mail = await make();
      const good = message("acme");
      await expect(mail.send({ ...good, to: [] })).rejects.toThrow(/recipients/);
      await expect(mail.send({ ...good, to: ["not an address"] })).rejects.toThrow(/not an email/);
      await expect(mail.send({ ...good, to: ["a@b.example\nBcc: x@y.example"] })).rejects.toThrow(
        /not an email/,
      );
      await expect(mail.send({ ...good, subject: "  " })).rejects.toThrow(/subject/);
    });
  });
}

const sent: SendEmailCommand[] = [];
mailSuite("Amazon SES v2 (stubbed client)", async () =>
  sesMail({
    from: "notices@reachcx.example",
    client: {
      async send(command) {
        sent.push(command);
        return { MessageId: `ses-${sent.length}` };
      },
    },
  }),
);
mailSuite("embedded outbox", async () => {
  const store = await testStore();
  return outboxMail(() => store);
});

describe("the SES adapter's request", () => {
  it("sends from the stage's sender, UTF-8 text and HTML, tagged with the tenant and the kind", async () => {
    const seen: SendEmailCommand[] = [];
    const mail = sesMail({
      from: "notices@reachcx.example",
      client: {
        async send(command) {
          seen.push(command);
          return { MessageId: "m-1" };
        },
      },
    });
    expect(await mail.send({ ...message("acme"), subject: "Two\r\nlines" })).toEqual({ id: "m-1" });
    expect(seen[0]?.input).toEqual({
      FromEmailAddress: "notices@reachcx.example",
      Destination: { ToAddresses: ["admin@acme.example"] },
      Content: {
        Simple: {
          Subject: { Data: "Two lines", Charset: "UTF-8" },
          Body: {
            Text: { Data: "Your import of contacts.csv finished.", Charset: "UTF-8" },
            Html: { Data: "<p>Your import of <b>contacts.csv</b> finished.</p>", Charset: "UTF-8" },
          },
        },
      },
      EmailTags: [
        { Name: "tenant", Value: "acme" },
        { Name: "tag", Value: "import" },
      ],
    });
  });

  it("fails when SES answers no message id", async () => {
    const mail = sesMail({ from: "n@reachcx.example", client: { send: async () => ({}) } });
    await expect(mail.send(message("acme"))).rejects.toThrow(/without a message id/);
  });
});

describe("the embedded outbox", () => {
  it("keeps the message in the tenant's outbox, newest first", async () => {
    const store = await testStore();
    const mail = outboxMail(() => store);
    const tenant = `t-${randomUUID().slice(0, 8)}`;
    const first = await mail.send({ ...message(tenant), subject: "first" });
    const second = await mail.send({ ...message(tenant), subject: "second", html: undefined });
    const { data } = await store.entities.mail.query.byCreated({ tenant }).go({ order: "desc" });
    expect(data.map((m) => [m.id, m.subject])).toEqual([
      [second.id, "second"],
      [first.id, "first"],
    ]);
    expect(data[1]).toMatchObject({ to: ["admin@acme.example"], tag: "import", html: message(tenant).html });
    expect(data[0]?.html).toBeUndefined();
  });
});

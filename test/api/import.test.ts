import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { call, expectProblem, newTenant, type Session, testStore } from "../support/api.ts";
import { importFile, newMapping, report } from "../support/imports.ts";

let session: Session & { email: string };
let mapping: { id: string; name: string };

beforeAll(async () => {
  session = await newTenant(["ListManager"]);
  mapping = await newMapping(session);
}, 30_000);

const byExternalId = async (tenant: string, externalId: string) => {
  const store = await testStore();
  const { data } = await store.entities.contact.query
    .byExternalId({ externalKey: `${tenant}#${externalId}` })
    .go({ pages: "all" });
  return data;
};

describe("a CSV import", () => {
  it("imports the good rows, rejects the bad one with a report, and mails the counts", async () => {
    const tag = randomUUID().slice(0, 6);
    const csv = [
      "ID,FirstName,LastName,Phone,Cell,City,State",
      `a-${tag},Ada,Lovelace,3035550101,,Denver,CO`,
      `b-${tag},Grace,Hopper,,3035550102,Boulder,CO`,
      `c-${tag},Bad,Row,not-a-phone,,Aurora,CO`,
    ].join("\n");
    const job = await importFile(session, "First Import.csv", csv, mapping.id);
    expect(job).toMatchObject({
      kind: "import",
      state: "done",
      label: "first_import.csv",
      counters: { read: 3, imported: 2, updated: 0, rejected: 1 },
      hasReport: true,
    });
    expect(job.progress.done).toBe(job.progress.total);
    expect(job.message).toBe("3 rows read: 2 imported, 0 updated, 1 rejected.");
    const [ada] = await byExternalId(session.tenant, `a-${tag}`);
    expect(ada).toMatchObject({
      firstName: "Ada",
      lastName: "Lovelace",
      phone: "3035550101",
      city: "Denver",
    });
    expect(await byExternalId(session.tenant, `c-${tag}`)).toEqual([]);
    const text = await report(session, job.id);
    expect(text).toBe(
      "row,column,value,message\r\n4,Phone,not-a-phone,Please enter a valid phone number\r\n",
    );

    const outbox = await call("/api/outbox", { session });
    const notice = outbox.json.items.find((m: { subject: string }) => m.subject.includes("first_import.csv"));
    expect(notice).toMatchObject({
      to: [session.email],
      subject: "Contact import finished: first_import.csv",
      tag: "import",
    });
    const mail = await call(`/api/outbox/${notice.id}`, { session });
    expect(mail.json.text).toContain("Imported (new contacts): 2");
    expect(mail.json.text).toContain("Rejected: 1");
  });
});

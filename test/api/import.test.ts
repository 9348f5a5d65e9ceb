import { randomUUID } from "node:crypto";
import { Agent, request } from "node:http";
import { beforeAll, describe, expect, it } from "vitest";
import { baseUrl, call, expectProblem, newTenant, type Session, testStore } from "../support/api.ts";
import { openEvents } from "../support/events.ts";
import { importFile, jobEnd, newMapping, report, upload } from "../support/imports.ts";

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

const tagged = () => randomUUID().slice(0, 6);
const HEADER = "ID,FirstName,LastName,Phone,Cell,City,State";

describe("live progress", () => {
  it("sends the job's writes to the tenant's live feed as entity job, and no slot", async () => {
    const live = await openEvents(session);
    try {
      const tag = tagged();
      const job = await importFile(
        session,
        `live-${tag}.csv`,
        [HEADER, `lv-${tag},Liv,E,3035550105,,,`].join("\n"),
        mapping.id,
      );
      expect(job.state).toBe("done");
      const seen = await live.waitFor((e) => e.entity === "job" && e.id === job.id, 10_000);
      expect(seen).toEqual({ entity: "job", op: "upsert", id: job.id });
      expect(live.events.some((e) => e.entity === "jobSlot")).toBe(false);
    } finally {
      await live.close();
    }
  });
});

describe("importing again", () => {
  it("updates the same contacts instead of adding any (idempotent by externalId), keeping what a row leaves blank", async () => {
    const tag = tagged();
    const first = [
      HEADER,
      `r-${tag},Rita,Again,3035550111,,Denver,CO`,
      `s-${tag},Sam,Again,3035550112,,,`,
    ].join("\n");
    const once = await importFile(session, `again-${tag}.csv`, first, mapping.id);
    expect(once.counters).toMatchObject({ read: 2, imported: 2, updated: 0, rejected: 0 });
    const [before] = await byExternalId(session.tenant, `r-${tag}`);
    // The second file leaves Rita's city blank and changes her phone.
    const second = [HEADER, `r-${tag},Rita,Again,3035550199,,,`, `s-${tag},Sam,Again,3035550112,,,`].join(
      "\n",
    );
    const twice = await importFile(session, `again-${tag}.csv`, second, mapping.id);
    expect(twice.counters).toMatchObject({ read: 2, imported: 0, updated: 2, rejected: 0 });
    const after = await byExternalId(session.tenant, `r-${tag}`);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ id: before?.id, phone: "3035550199", city: "Denver" });
    expect(after[0]?.createdAt).toBe(before?.createdAt);
    expect(await byExternalId(session.tenant, `s-${tag}`)).toHaveLength(1);
  });

  it("updates a contact made through the API with that externalId instead of adding a second one", async () => {
    const tag = tagged();
    const made = await call("/api/contacts", {
      method: "POST",
      session,
      body: { externalId: `api-${tag}`, firstName: "Api", lastName: "Made", phone: "3035550120" },
    });
    expect(made.status).toBe(201);
    const job = await importFile(
      session,
      `api-${tag}.csv`,
      [HEADER, `api-${tag},Api,Imported,3035550121,,,`].join("\n"),
      mapping.id,
    );
    expect(job.counters).toMatchObject({ imported: 0, updated: 1 });
    const found = await byExternalId(session.tenant, `api-${tag}`);
    expect(found.map((c) => [c.id, c.lastName])).toEqual([[made.json.id, "Imported"]]);
  });

  it("writes a repeated externalId within one file once, the later row winning", async () => {
    const tag = tagged();
    const csv = [HEADER, `d-${tag},Dup,First,3035550131,,,`, `d-${tag},Dup,Second,3035550132,,,`].join("\n");
    const job = await importFile(session, `dup-${tag}.csv`, csv, mapping.id);
    expect(job.counters).toMatchObject({ read: 2, rejected: 0 });
    const found = await byExternalId(session.tenant, `d-${tag}`);
    expect(found.map((c) => c.lastName)).toEqual(["Second"]);
  });
});

describe("what a CSV may hold", () => {
  it("reads quoted commas and line breaks, doubled quotes, a BOM and CRLF line ends", async () => {
    const tag = tagged();
    const csv = `\uFEFFID,FirstName,LastName,Phone,Cell,City,State\r\nq-${tag},"Anne","O-Brien",3035550141,,"Fort Collins",CO\r\n"q2-${tag}","Jo","Smith ""Jr""",3035550142,,"Multi\r\nLine",CO\r\n`;
    const job = await importFile(session, `quoted-${tag}.csv`, csv, mapping.id);
    // The second row is read whole (its quoted line break included) and rejected for its city.
    expect(job.counters).toMatchObject({ read: 2, imported: 1, rejected: 1 });
    const text = await report(session, job.id);
    // Smith "Jr" is a valid last name; a line break is not a valid city.
    expect(text).toBe('row,column,value,message\r\n3,City,"Multi\r\nLine",Please enter a valid city\r\n');
    expect((await byExternalId(session.tenant, `q-${tag}`))[0]).toMatchObject({
      lastName: "O-Brien",
      city: "Fort Collins",
    });
  });

  it("types custom:{name} columns by the tenant's custom fields", async () => {
    const own = await newTenant(["ListManager"]);
    const added = await call("/api/custom-fields", {
      method: "POST",
      session: own,
      body: { displayName: "Balance Due", type: "Number" },
    });
    expect(added.status).toBe(201);
    const m = await newMapping(own, [{ fromField: "Balance", toField: "custom:balancedue" }]);
    const csv = [
      "ID,FirstName,LastName,Phone,Balance",
      "n-1,Nina,Number,3035550151,12.5",
      "n-2,Ned,Number,3035550152,lots",
    ].join("\n");
    const job = await importFile(own, "custom.csv", csv, m.id);
    expect(job.counters).toMatchObject({ imported: 1, rejected: 1 });
    expect((await byExternalId(own.tenant, "n-1"))[0]?.customFields).toEqual({ "custom:balancedue": 12.5 });
    expect(await report(own, job.id)).toContain("3,Balance,lots,Balance Due must be a number");
  });

  it("escapes report cells that a spreadsheet would run as formulas", async () => {
    const tag = tagged();
    const csv = [
      HEADER,
      `=HYPERLINK("http://x.example"),Evil,Row,bad-phone,,,`,
      `f-${tag},+cmd,Row,3035550161,,,`,
      `g-${tag},Ok,Row,-3035550162,,,`,
      `h-${tag},Ok,Row,3035550163,,@SUM(A1),`,
    ].join("\n");
    const job = await importFile(session, `formula-${tag}.csv`, csv, mapping.id);
    expect(job.counters).toMatchObject({ read: 4, imported: 0, rejected: 4 });
    const lines = (await report(session, job.id)).split("\r\n");
    expect(lines).toContain(`2,Phone,bad-phone,Please enter a valid phone number`);
    expect(lines).toContain(`3,FirstName,'+cmd,Please enter a valid first name`);
    expect(lines).toContain(`4,Phone,'-3035550162,Please enter a valid phone number`);
    expect(lines).toContain(`5,City,'@SUM(A1),Please enter a valid city`);
    for (const line of lines.slice(1))
      for (const cell of line.split(",")) expect(cell).not.toMatch(/^[=+\-@]/);
  });

  it("rejects a row of 10,000 columns and a row with a 10 MB cell, and imports the rows around them", async () => {
    const tag = tagged();
    const wide = Array.from({ length: 10_000 }, (_, i) => `c${i}`).join(",");
    const big = "x".repeat(10 * 1024 * 1024);
    const csv = [
      HEADER,
      `w1-${tag},Wide,Before,3035550171,,,`,
      wide,
      `w2-${tag},Big,${big},3035550172,,,`,
      `w3-${tag},Wide,After,3035550173,,,`,
    ].join("\n");
    const job = await importFile(session, `wide-${tag}.csv`, csv, mapping.id);
    expect(job.counters).toMatchObject({ read: 4, imported: 2, rejected: 2 });
    const text = await report(session, job.id);
    expect(text).toContain("3,,,Row 3 has more than 500 fields.");
    expect(text).toContain("4,,,Row 4 is longer than 65536 characters.");
    expect(text.length).toBeLessThan(2000);
  });
});

describe("files an import refuses whole, writing nothing", () => {
  const refused = async (name: string, content: string | Uint8Array) => {
    const job = await importFile(session, name, content, mapping.id);
    expect(job).toMatchObject({ state: "failed", counters: {}, hasReport: false });
    return job.message as string;
  };

  it("an empty file, a file of blank lines, a header with no rows", async () => {
    expect(await refused("blank.csv", "\n\n  \n")).toBe("The file is empty.");
    expect(await refused("header-only.csv", `${HEADER}\n`)).toBe(
      "The file has a header row and no contacts.",
    );
    expect(await refused("header-blank.csv", `${HEADER}\n\n,,,,,,\n`)).toBe(
      "The file has a header row and no contacts.",
    );
  });

  it("a file separated by semicolons, with the hint to save it with commas", async () => {
    const message = await refused("semicolons.csv", "ID;FirstName;LastName;Phone\nx;Y;Z;3035550181\n");
    expect(message).toContain("The file has no column 'ID', 'FirstName', 'LastName', 'Phone', 'Cell'");
    expect(message).toContain(
      "The columns look separated by ';': save the file with commas between columns.",
    );
  });

  it("a file missing a required column names it and the mapping", async () => {
    const message = await refused("no-lastname.csv", "ID,FirstName,Phone\nx,Y,3035550182\n");
    expect(message).toBe(
      `The file has no column 'LastName', which the mapping '${mapping.name}' needs. Its header row reads: ID, FirstName, Phone.`,
    );
  });

  it("a file that is not UTF-8 says where", async () => {
    const latin1 = new Uint8Array([
      ...new TextEncoder().encode(`${HEADER}\nl-1,Ren`),
      0xe9,
      ...new TextEncoder().encode(",Latin,3035550183,,,\n"),
    ]);
    const message = await refused("latin1.csv", latin1);
    expect(message).toBe(
      `The file is not UTF-8 text: byte ${HEADER.length + 1 + 7 + 1} (line 2) is not a UTF-8 character. Save it as "CSV UTF-8" and import it again.`,
    );
    expect(await byExternalId(session.tenant, "l-1")).toEqual([]);
  });

  it("a header row of 10,000 columns", async () => {
    const wide = Array.from({ length: 10_000 }, (_, i) => `c${i}`).join(",");
    expect(await refused("wide-header.csv", `${wide}\nx\n`)).toContain("The header row cannot be read");
  });
});

describe("refusals", () => {
  it("upload-url: a name not ending .csv, an empty file, one over 250 MB, a strict body", async () => {
    const ask = (body: unknown) => call("/api/contacts/import/upload-url", { method: "POST", session, body });
    const wrong = await ask({ fileName: "contacts.xlsx", size: 10 });
    expectProblem(wrong, 400);
    expect(wrong.json.errors).toEqual([{ path: "fileName", message: "File is not of the correct type" }]);
    expect((await ask({ fileName: "c.csv", size: 0 })).json.errors[0].message).toBe("The file is empty.");
    expect((await ask({ fileName: "c.csv", size: 250 * 1024 * 1024 + 1 })).json.errors[0].message).toMatch(
      /larger than 250 MB/,
    );
    expectProblem(await ask({ fileName: "c.csv", size: 10, tenant: "acme" }), 400);
  });

  it("import: no upload at contactsUrl, another tenant's key, an unknown mapping, a strict body", async () => {
    const start = (body: unknown) => call("/api/contacts/import", { method: "POST", session, body });
    const none = await start({
      contactsUrl: `${session.tenant}/contacts/never_uploaded.csv`,
      fieldMapping: mapping.id,
    });
    expectProblem(none, 400);
    expect(none.json.errors[0]).toMatchObject({ path: "contactsUrl" });
    expectProblem(await start({ contactsUrl: "acme/contacts/x.csv", fieldMapping: mapping.id }), 400);
    expectProblem(await start({ contactsUrl: "../../keys.json", fieldMapping: mapping.id }), 400);
    const url = await upload(session, "refusals.csv", `${HEADER}\nz,Z,Z,3035550191,,,\n`);
    const unknown = await start({ contactsUrl: url, fieldMapping: randomUUID() });
    expectProblem(unknown, 400);
    expect(unknown.json.errors[0]).toMatchObject({ path: "fieldMapping" });
    expectProblem(await start({ contactsUrl: url, fieldMapping: mapping.id, tenant: "acme" }), 400);
  });

  it("import: a mapping naming a custom field deleted since is refused with the field's name", async () => {
    const own = await newTenant(["ListManager"]);
    await call("/api/custom-fields", {
      method: "POST",
      session: own,
      body: { displayName: "Region Code", type: "String" },
    });
    const m = await newMapping(own, [{ fromField: "Region", toField: "custom:regioncode" }]);
    expect((await call("/api/custom-fields/regioncode", { method: "DELETE", session: own })).status).toBe(
      204,
    );
    const url = await upload(own, "stale.csv", "ID,FirstName,LastName,Phone,Region\nx,Y,Z,3035550192,west\n");
    const res = await call("/api/contacts/import", {
      method: "POST",
      session: own,
      body: { contactsUrl: url, fieldMapping: m.id },
    });
    expectProblem(res, 400);
    expect(res.json.errors[0].message).toBe(
      `The mapping '${m.name}' maps the column 'Region' to the custom field 'regioncode', which no longer exists. Fix the mapping in Configuration > Field Mappings and import again.`,
    );
  });

  it("the upload link takes only the signed size and type, and nothing once altered", async () => {
    const link = await call("/api/contacts/import/upload-url", {
      method: "POST",
      session,
      body: { fileName: "signed.csv", size: 5 },
    });
    const url = new URL(link.json.url, baseUrl());
    const put = (target: URL, body: string, type = "text/csv") =>
      fetch(target, { method: "PUT", headers: { "content-type": type }, body });
    expect((await put(url, "123456")).status).toBe(400);
    expect((await put(url, "1234")).status).toBe(400);
    expect((await put(url, "12345", "application/octet-stream")).status).toBe(403);
    const bigger = new URL(url);
    bigger.searchParams.set("size", "500");
    expect((await put(bigger, "x".repeat(500))).status).toBe(403);
    const elsewhere = new URL(url.href.replace("/signed.csv", "/other.csv"));
    expect((await put(elsewhere, "12345")).status).toBe(403);
    expect((await put(url, "12345")).status).toBe(200);
  });

  it("refuses the sixth concurrent import with 429 and a clear message, however many are started at once", async () => {
    const own = await newTenant(["ListManager"]);
    const m = await newMapping(own);
    const rows = Array.from(
      { length: 2000 },
      (_, i) => `burst-${i},Bur,St,303555${String(i).padStart(4, "0")},,,`,
    );
    const url = await upload(own, "burst.csv", [HEADER, ...rows].join("\n"));
    // 1,000 requests issued at once over at most 100 sockets (one client's connection pool; a burst of
    // 1,000 connections at once would overflow the listen backlog before the API saw a request).
    const agent = new Agent({ keepAlive: true, maxSockets: 100 });
    const body = JSON.stringify({ contactsUrl: url, fieldMapping: m.id });
    const post = () =>
      new Promise<{ status: number; headers: Headers; json: any }>((resolve, reject) => {
        const req = request(
          new URL("/api/contacts/import", baseUrl()),
          {
            method: "POST",
            agent,
            headers: {
              "content-type": "application/json",
              authorization: `Bearer ${own.token}`,
              "x-api-key": own.apiKey,
            },
          },
          (res) => {
            let text = "";
            res.on("data", (d) => {
              text += d;
            });
            res.on("end", () =>
              resolve({
                status: res.statusCode ?? 0,
                headers: new Headers(res.headers as Record<string, string>),
                json: JSON.parse(text),
              }),
            );
          },
        );
        req.on("error", reject);
        req.end(body);
      });
    const answers = await Promise.all(Array.from({ length: 1000 }, post));
    agent.destroy();
    const accepted = answers.filter((a) => a.status === 202);
    const refusedAll = answers.filter((a) => a.status === 429);
    expect(accepted.length).toBeGreaterThanOrEqual(1);
    expect(accepted.length).toBeLessThanOrEqual(5);
    expect(accepted.length + refusedAll.length).toBe(1000);
    expect(refusedAll[0]?.headers.get("content-type")).toContain("application/problem+json");
    expect(refusedAll[0]?.json.detail ?? refusedAll[0]?.json.title).toBeDefined();
    expect(JSON.stringify(refusedAll[0]?.json)).toContain("jobs queued or running");
    // The accepted ones finish; the same rows written by each are still one contact per externalId.
    for (const a of accepted) expect((await jobEnd(own, a.json.id, 120_000)).state).toBe("done");
    expect(await byExternalId(own.tenant, "burst-7")).toHaveLength(1);
  }, 300_000);
});

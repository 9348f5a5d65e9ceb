import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  NO_SFTP_MESSAGE,
  NO_TARGET_MESSAGE,
  PENDING_EXPORT_MESSAGE,
} from "../../packages/core/src/dialer/export-api.ts";
import { queueOf, seqRank } from "../../packages/core/src/dialer/model.ts";
import {
  baseUrl,
  call,
  eventually,
  expectProblem,
  newTenant,
  type Session,
  testStore,
} from "../support/api.ts";
import { jobEnd } from "../support/imports.ts";
import { PASSWORD_USER, type SftpTestServer, startSftpServer } from "../support/sftp-server.ts";

let tenant: Session;
let sftp: SftpTestServer;
let segmentId: string;
let customName: string;
const query = {
  type: "group",
  combinator: "and",
  not: false,
  rules: [{ type: "rule", field: "state", operator: "eq", value: "TX" }],
};
let skill = 9400;

/** A campaign with one segment 'Texas', made Active in the store (no build: the list is seeded). */
async function campaign(name: string, status: "Pending" | "Active" = "Active") {
  const profile = await call("/api/profiles", {
    method: "POST",
    body: { name: `${name} P` },
    session: tenant,
  });
  const created = await call("/api/campaigns", {
    method: "POST",
    session: tenant,
    body: {
      name,
      skillId: skill++,
      skillName: "Outbound",
      campaignProfileId: profile.json.id,
      expireDate: new Date(Date.now() + 86_400_000).toISOString(),
      segments: [{ segmentId }],
    },
  });
  expect(created.status, created.text).toBe(201);
  const store = await testStore();
  if (status !== "Pending")
    await store.entities.campaign.patch({ tenant: tenant.tenant, id: created.json.id }).set({ status }).go();
  return created.json.id as string;
}

/** Contacts and their campaign records, written as the build and the results would. */
async function seedList(campaignId: string, count: number) {
  const store = await testStore();
  for (let i = 0; i < count; i++) {
    const id = `exp-${campaignId}-${i}`;
    const firstName = i === 0 ? '=HYPERLINK("http://evil")' : `First${i}`;
    if (i !== 2)
      await store.entities.contact
        .put({
          tenant: tenant.tenant,
          id,
          firstName,
          lastName: `Last, ${i}`,
          phone: `512555${String(1000 + i)}`,
          state: "TX",
          timeZone: "Central",
          customFields: { [`custom:${customName}`]: 100 + i },
        })
        .go();
    const status = i === 1 ? "completed" : "fresh";
    await store.entities.campaignContact
      .put({
        tenant: tenant.tenant,
        campaignId,
        contactId: id,
        segmentId,
        seq: i,
        status,
        channel: "Voice",
        queue: queueOf("Voice", status, "central"),
        rank: seqRank(i),
        windowClass: "central",
        readyAt: new Date().toISOString(),
        attempts: i === 1 ? 2 : 0,
        totalAttempts: i === 1 ? 2 : 0,
        // The build's copy: what the export shows for a contact deleted since (i === 2).
        firstName: `Copy${i}`,
        lastName: `CopyLast${i}`,
        phone: `512555${String(1000 + i)}`,
        ...(i === 1 ? { lastDisposition: "Sale", completedReason: "final disposition" } : {}),
      })
      .go();
  }
}

const exportOf = (body: Record<string, unknown>, session = tenant) =>
  call("/api/export/campaign", { method: "POST", body, session });

/** RFC 4180 lines of a small file (no line breaks inside cells here). */
const parse = (text: string) =>
  text
    .trim()
    .split("\r\n")
    .map((line) =>
      [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(,|$)/g)]
        .slice(0, -1)
        .map(([, cell]) => (cell?.startsWith('"') ? cell.slice(1, -1).replace(/""/g, '"') : (cell ?? ""))),
    );

beforeAll(async () => {
  tenant = await newTenant(["ListManager"]);
  sftp = await startSftpServer();
  const field = await call("/api/custom-fields", {
    method: "POST",
    body: { displayName: "Balance", type: "Number" },
    session: tenant,
  });
  expect(field.status, field.text).toBe(201);
  customName = field.json.name;
  const segment = await call("/api/segments", {
    method: "POST",
    body: { name: "Texas", query },
    session: tenant,
  });
  segmentId = segment.json.id;
}, 60_000);
afterAll(() => sftp?.close());

describe("POST /api/export/campaign", () => {
  it("refuses no option, SFTP without an export target, a Pending campaign, and another tenant's", async () => {
    const id = await campaign("Refusals");
    // What the dialog offers: no SFTP target yet, a link to the caller's email.
    expect((await call("/api/export/campaign/targets", { session: tenant })).json).toEqual({
      SFTP: false,
      S3: true,
    });
    expectProblem(await call("/api/export/campaign/targets", { session: await newTenant([]) }), 403);
    expect(expectProblem(await exportOf({ campaignId: id, SFTP: false, S3: false }), 400).detail).toBe(
      NO_TARGET_MESSAGE,
    );
    expect(expectProblem(await exportOf({ campaignId: id, SFTP: true, S3: false }), 400).detail).toBe(
      NO_SFTP_MESSAGE,
    );
    const pending = await campaign("Still pending", "Pending");
    expect(expectProblem(await exportOf({ campaignId: pending }), 409).detail).toBe(PENDING_EXPORT_MESSAGE);
    expectProblem(await exportOf({ campaignId: "nope" }), 404);
    expectProblem(await exportOf({ campaignId: id, SFTP: "yes" }), 400);
    const other = await newTenant(["ListManager"]);
    expectProblem(await exportOf({ campaignId: id }, other), 404);
    expect((await call("/api/export/campaign", { method: "POST", body: { campaignId: id } })).status).toBe(
      401,
    );
    expectProblem(await exportOf({ campaignId: id }, await newTenant([])), 403);
  });

  it("mails a secured link to a formula-safe CSV of the list with the contacts' fields and campaign state", async () => {
    const id = await campaign("Spring Export");
    await seedList(id, 3);
    const started = await exportOf({ campaignId: id });
    expect(started.status, started.text).toBe(202);
    expect(started.json).toMatchObject({ kind: "campaignExport", state: "queued" });
    const job = await jobEnd(tenant, started.json.id);
    expect(job.state, JSON.stringify(job)).toBe("done");
    expect(job.counters).toMatchObject({ contacts: 3, link: 1, sftp: 0 });

    const outbox = await call("/api/outbox?limit=5", { session: tenant });
    const notice = outbox.json.items.find((m: { subject: string }) => m.subject.includes("Spring Export"));
    expect(notice.to).toEqual([tenant.context.email]);
    const message = await call(`/api/outbox/${notice.id}`, { session: tenant });
    const link = /Download it within 24 hours: (\S+)/.exec(message.json.text)?.[1] as string;
    const file = await fetch(link.startsWith("/") ? `${baseUrl()}${link}` : link);
    expect(file.status).toBe(200);
    const rows = parse(await file.text());
    const header = rows[0] as string[];
    expect(header).toEqual([
      "id",
      "externalId",
      "firstName",
      "lastName",
      "phone",
      "cell",
      "email",
      "address1",
      "address2",
      "city",
      "state",
      "zip",
      "timeZone",
      "source",
      customName,
      "segment",
      "status",
      "channel",
      "attempts",
      "totalAttempts",
      "lastDisposition",
      "completedReason",
    ]);
    const byId = new Map(
      rows.slice(1).map((r) => [r[0], Object.fromEntries(header.map((h, i) => [h, r[i]]))]),
    );
    expect(byId.size).toBe(3);
    const first = byId.get(`exp-${id}-0`);
    expect(first?.firstName).toBe('\'=HYPERLINK("http://evil")');
    expect(first?.lastName).toBe("Last, 0");
    expect(first?.[customName]).toBe("100");
    expect(first).toMatchObject({ segment: "Texas", status: "fresh", channel: "Voice", state: "TX" });
    expect(byId.get(`exp-${id}-1`)).toMatchObject({
      status: "completed",
      attempts: "2",
      lastDisposition: "Sale",
      completedReason: "final disposition",
    });
    // A contact deleted since the build: the build's copy of its fields.
    expect(byId.get(`exp-${id}-2`)).toMatchObject({ firstName: "Copy2", lastName: "CopyLast2" });
  });

  it("sends the file to the tenant's SFTP export target", async () => {
    const saved = await call("/api/sftp-export", {
      method: "PUT",
      session: tenant,
      body: {
        ftpExportURL: sftp.host,
        ftpExportUserName: PASSWORD_USER.username,
        ftpExportPassword: PASSWORD_USER.password,
        ftpImportKey: "",
        ftpExportPort: sftp.port,
      },
    });
    expect(saved.status, saved.text).toBe(200);
    expect((await call("/api/export/campaign/targets", { session: tenant })).json).toEqual({
      SFTP: true,
      S3: true,
    });
    const id = await campaign("Sftp Export");
    await seedList(id, 2);
    const started = await exportOf({ campaignId: id, SFTP: true, S3: false });
    expect(started.status, started.text).toBe(202);
    const job = await jobEnd(tenant, started.json.id);
    expect(job.state, JSON.stringify(job)).toBe("done");
    expect(job.counters).toMatchObject({ contacts: 2, sftp: 1, link: 0 });
    const [path, content] = [...sftp.uploads.entries()].find(([p]) => p.includes("Sftp-Export")) ?? [];
    expect(path).toMatch(/^\/campaign-Sftp-Export-\d{12}\.csv$/);
    const rows = parse(content?.toString("utf8") ?? "");
    expect(rows).toHaveLength(3);
    expect(
      rows
        .slice(1)
        .map((r) => r[0])
        .sort(),
    ).toEqual([`exp-${id}-0`, `exp-${id}-1`]);
  });

  it("after a real start: the status counts the built list and the export holds every contact of it", async () => {
    const source = `export-${Date.now()}`;
    const ids: string[] = [];
    for (const [i, state] of ["TX", "TX", "TX", "FL"].entries()) {
      const res = await call("/api/contacts", {
        method: "POST",
        session: tenant,
        body: {
          firstName: "Real",
          lastName: `Built${i}`,
          phone: `51255520${10 + i}`,
          state,
          timeZone: "Central",
          source,
        },
      });
      expect(res.status, res.text).toBe(201);
      if (state === "TX") ids.push(res.json.id);
    }
    const built = {
      type: "group",
      combinator: "and",
      not: false,
      rules: [
        { type: "rule", field: "source", operator: "eq", value: source },
        { type: "rule", field: "state", operator: "eq", value: "TX" },
      ],
    };
    await eventually(
      () =>
        call("/api/contacts/query", { method: "POST", body: { query: built, limit: 1 }, session: tenant }),
      (r) => r.json?.total === 3,
      20_000,
    );
    const segment = await call("/api/segments", {
      method: "POST",
      body: { name: "Built Texas", query: built },
      session: tenant,
    });
    const profile = await call("/api/profiles", {
      method: "POST",
      body: { name: "Built P" },
      session: tenant,
    });
    const created = await call("/api/campaigns", {
      method: "POST",
      session: tenant,
      body: {
        name: "Built Drive",
        skillId: skill++,
        skillName: "Outbound",
        campaignProfileId: profile.json.id,
        expireDate: new Date(Date.now() + 86_400_000).toISOString(),
        segments: [{ segmentId: segment.json.id }],
      },
    });
    const id = created.json.id as string;
    const started = await call("/api/cache/create", {
      method: "POST",
      body: { campaignId: id },
      session: tenant,
    });
    expect(started.status, started.text).toBe(200);
    const store = await testStore();
    const item = await eventually(
      () => store.entities.campaign.get({ tenant: tenant.tenant, id }).go({ consistent: true }),
      (r) => r.data?.listState === "ready",
      60_000,
    );
    expect(item.data?.listState).toBe("ready");

    const status = await call("/api/cache/status", {
      method: "POST",
      body: { campaignId: id },
      session: tenant,
    });
    expect(status.json).toMatchObject({ totalContacts: 3, completedContacts: 0 });
    expect(status.json.campaignStats).toEqual([
      expect.objectContaining({ segment: "Built Texas", fresh: 3, inDialer: 0, completed: 0 }),
    ]);

    const exported = await exportOf({ campaignId: id });
    const job = await jobEnd(tenant, exported.json.id);
    expect(job.state, JSON.stringify(job)).toBe("done");
    expect(job.counters.contacts).toBe(3);
    const report = await call(`/api/jobs/${exported.json.id}/report`, { session: tenant });
    expect(report.status, report.text).toBe(200);
    const file = await fetch(
      report.json.url.startsWith("/") ? `${baseUrl()}${report.json.url}` : report.json.url,
    );
    const rows = parse(await file.text());
    expect(
      rows
        .slice(1)
        .map((r) => r[0])
        .sort(),
    ).toEqual([...ids].sort());
    expect(rows.slice(1).every((r) => r.includes("Built Texas") && r.includes("fresh"))).toBe(true);
  });
});

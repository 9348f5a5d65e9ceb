import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { directoryBlobs } from "../../packages/local/src/blobs.ts";
import { baseUrl, call, expectProblem, newTenant } from "../support/api.ts";
import { importFile, newMapping, upload } from "../support/imports.ts";
import { tempDirs } from "../support/temp.ts";

const tempDir = tempDirs();

/**
 * Tenant isolation for imports: uploads live under the uploader's tenant prefix, an import reads only its
 * own tenant's uploads and mappings, and a report link is the job's tenant's only — and stops working.
 */
describe("tenant isolation: contact imports", () => {
  it("tenant B cannot import A's upload, use A's mapping, or read A's report even with its link", async () => {
    const a = await newTenant(["ListManager"]);
    const b = await newTenant(["ListManager"]);
    const mappingA = await newMapping(a);
    const mappingB = await newMapping(b);
    const csv = "ID,FirstName,LastName,Phone\nsecret-1,Sec,Ret,3035550101\nsecret-2,Bad,Row,12\n";
    const urlA = await upload(a, "private.csv", csv);
    expect(urlA.startsWith(`${a.tenant}/contacts/`)).toBe(true);

    // B names A's upload: refused as no file of B's (nothing says it exists).
    const stolen = await call("/api/contacts/import", {
      method: "POST",
      session: b,
      body: { contactsUrl: urlA, fieldMapping: mappingB.id },
    });
    expectProblem(stolen, 400);
    expect(stolen.json.errors[0].path).toBe("contactsUrl");
    // B's own upload of the same name lands under B's prefix, not over A's.
    const urlB = await upload(b, "private.csv", "ID,FirstName,LastName,Phone\nb-1,Bee,One,3035550102\n");
    expect(urlB).toBe(`${b.tenant}/contacts/private.csv`);
    // B names A's mapping: unknown to B.
    const borrowed = await call("/api/contacts/import", {
      method: "POST",
      session: b,
      body: { contactsUrl: urlB, fieldMapping: mappingA.id },
    });
    expectProblem(borrowed, 400);
    expect(borrowed.json.errors[0].path).toBe("fieldMapping");

    const job = await importFile(a, "private.csv", csv, mappingA.id);
    expect(job.counters).toMatchObject({ imported: 1, rejected: 1 });
    expectProblem(await call(`/api/jobs/${job.id}/report`, { session: b }), 404);
    const link = await call(`/api/jobs/${job.id}/report`, { session: a });
    const url = new URL(link.json.url, baseUrl());
    // The link is the permission, for five minutes: altered (another tenant's key, a later expiry) it is refused.
    const other = new URL(url.href.replace(`/${a.tenant}/`, `/${b.tenant}/`));
    expect((await fetch(other)).status).toBe(403);
    const later = new URL(url);
    later.searchParams.set("exp", String(Number(url.searchParams.get("exp")) + 3600));
    expect((await fetch(later)).status).toBe(403);
    // An upload link cannot be turned into a download of the uploaded file, nor the reverse.
    const asDownload = new URL(url);
    expect(
      (await fetch(asDownload, { method: "PUT", headers: { "content-type": "text/csv" }, body: "x" })).status,
    ).toBe(403);
    const bList = await call("/api/contacts?search=secret", { session: b });
    expect(bList.text).not.toContain("secret-1");
  });

  it("a link, download or upload, is refused once expired, by the same code the server runs", async () => {
    const blobs = directoryBlobs({
      dir: tempDir("reachcx-expiry-"),
      secret: randomBytes(32),
    });
    await blobs.put("t-a/reports/job.csv", new TextEncoder().encode("row,column,value,message\r\n"));
    const link = new URL(await blobs.downloadLink("t-a/reports/job.csv", 300), "http://x");
    const query = Object.fromEntries(link.searchParams);
    const key = link.pathname.replace("/blobs/", "");
    expect((await blobs.open(key, query)).ok).toBe(true);
    expect(await blobs.open(key, query, Date.now() + 301_000)).toEqual({ ok: false, why: "refused" });
    const up = new URL(
      (await blobs.uploadLink("t-a/contacts/x.csv", 900, { size: 1, contentType: "text/csv" })).url,
      "http://x",
    );
    const upQuery = Object.fromEntries(up.searchParams);
    const body = async function* () {
      yield new Uint8Array([0x41]);
    };
    expect(
      await blobs.accept(
        "t-a/contacts/x.csv",
        upQuery,
        { contentType: "text/csv", body: body() },
        Date.now() + 901_000,
      ),
    ).toEqual({ ok: false, why: "refused" });
    expect(await blobs.exists("t-a/contacts/x.csv")).toBe(false);
    // An upload link's signature opens no download of the same key, and the reverse.
    expect((await blobs.open("t-a/contacts/x.csv", { ...upQuery, name: "x.csv" })).ok).toBe(false);
    expect(
      (
        await blobs.accept(
          key,
          { ...query, size: "1", type: "text/csv" },
          { contentType: "text/csv", body: body() },
        )
      ).ok,
    ).toBe(false);
  });
});

import { beforeAll, describe, expect, it } from "vitest";
import { dncSnapshot, loadDnc } from "../../packages/core/src/dnc/index.ts";
import { BAD_PHONE_MESSAGE } from "../../packages/core/src/dnc/schema.ts";
import { call, expectProblem, newTenant, testStore } from "../support/api.ts";
import { asTenant } from "../support/core-env.ts";

let tenant: Awaited<ReturnType<typeof newTenant>>;
beforeAll(async () => {
  tenant = await newTenant(["ListManager"]);
}, 30_000);

const add = (body: unknown, session = tenant) => call("/api/dnc", { method: "POST", body, session });
const check = (phones: string[], session = tenant) =>
  call("/api/dnc/check", { method: "POST", body: { phones }, session });
const importCsv = (csv: string, session = tenant) =>
  call("/api/dnc/import", { method: "POST", raw: csv, headers: { "content-type": "text/csv" }, session });

describe("do-not-call lists", () => {
  it("adds org numbers normalized to 10 digits, finds them by prefix, removes them", async () => {
    const added = await add({ phone: "+1 (303) 555-0100" });
    expect(added.status).toBe(201);
    expect(added.json).toMatchObject({ phone: "3035550100", source: "org", expiresAt: null, region: null });
    expect(added.json.addedBy).toBe(tenant.email);
    expect((await add({ phone: "1-720-555-0101", expiresAt: "2099-01-01" })).json.phone).toBe("7205550101");

    const found = await call("/api/dnc?phone=303", { session: tenant });
    expect(found.json.items.map((e: { phone: string }) => e.phone)).toEqual(["3035550100"]);
    const all = await call("/api/dnc", { session: tenant });
    expect(all.json.items.map((e: { phone: string }) => e.phone)).toEqual(["3035550100", "7205550101"]);

    expect((await call("/api/dnc/303.555.0100", { method: "DELETE", session: tenant })).status).toBe(204);
    expectProblem(await call("/api/dnc/3035550100", { method: "DELETE", session: tenant }), 404);
    expect((await call("/api/dnc?phone=303", { session: tenant })).json.items).toEqual([]);
  });

  it("refuses what is not a US number", async () => {
    for (const phone of [
      "555-0100",
      "22345678901",
      "0035550100",
      "303555010x",
      "+44 20 7946 0958",
      "",
      "3".repeat(41),
    ])
      expect(expectProblem(await add({ phone }), 400).errors).toEqual([
        { path: "phone", message: BAD_PHONE_MESSAGE },
      ]);
    expectProblem(await add({ phone: "3035550199", expiresAt: "next year" }), 400);
  });

  it("imports a CSV: a per-row report, the valid rows kept, a re-run adding no duplicates", async () => {
    const other = await newTenant(["ListManager"]);
    const csv =
      'Phone,Note\r\n3035550200,a\n"(303) 555-0201",b\nnot a phone,c\n3035550200,again\n\n3035550202\n';
    const report = await importCsv(csv, other);
    expect(report.status).toBe(200);
    expect(report.json).toEqual({
      added: 3,
      duplicates: 1,
      rejected: [{ row: 4, value: "not a phone", message: "Not a 10-digit US phone number" }],
    });
    const listed = async () =>
      (await call("/api/dnc?limit=50", { session: other })).json.items.map((e: { phone: string }) => e.phone);
    expect(await listed()).toEqual(["3035550200", "3035550201", "3035550202"]);
    expect((await importCsv(csv, other)).json.added).toBe(3);
    expect(await listed()).toEqual(["3035550200", "3035550201", "3035550202"]);
    expectProblem(
      await call("/api/dnc/import", { method: "POST", body: { phones: [] }, session: other }),
      400,
    );
  });

  it("checks 10,000 phones in one call by source, leaving expired entries out, and refuses 10,001", async () => {
    const other = await newTenant(["ListManager"]);
    const store = await testStore();
    const put = (phone: string, source: "org" | "state" | "national", expiresAt?: string) =>
      store.entities.doNotCall
        .put({
          tenant: other.tenant,
          phone,
          source,
          addedBy: "test",
          addedAt: new Date().toISOString(),
          ...(expiresAt ? { expiresAt } : {}),
        })
        .go();
    await put("2145550001", "org");
    await put("2145550001", "national", "2099-12-31");
    await put("2145550002", "state");
    await put("2145550003", "national", "2020-01-01");
    // Another tenant's listing is not this tenant's.
    await store.entities.doNotCall
      .put({
        tenant: tenant.tenant,
        phone: "2145550004",
        source: "org",
        addedBy: "t",
        addedAt: "2026-01-01T00:00:00Z",
      })
      .go();

    const phones = Array.from({ length: 10_000 }, (_, i) => `214555${String(i).padStart(4, "0")}`);
    phones[9_999] = "not a phone";
    const res = await check(phones, other);
    expect(res.status).toBe(200);
    expect(
      res.json.listed.sort((a: { phone: string }, b: { phone: string }) => a.phone.localeCompare(b.phone)),
    ).toEqual([
      { phone: "2145550001", sources: ["org", "national"] },
      { phone: "2145550002", sources: ["state"] },
    ]);
    expect(res.json.invalid).toEqual(["not a phone"]);
    expectProblem(await check([...phones, "2145550001"], other), 400);
  });
});

describe("the campaign build's DNC snapshot", () => {
  it("holds the honoured sources, and gives up past its entry cap (any source read) or its time budget", async () => {
    const owner = await newTenant(["ListManager"]);
    await asTenant(owner.tenant, async () => {
      await loadDnc(["3035550001\n3035550002\n"], { source: "org", addedBy: "test" });
      await loadDnc(["3035550003\n3035550004\n3035550005\n"], { source: "national", addedBy: "test" });
      const org = await dncSnapshot({ sources: ["org"], max: 10 });
      expect(org?.size).toBe(2);
      expect(org?.listed(["3035550001", "3035550003"])).toEqual([{ phone: "3035550001", sources: ["org"] }]);
      // Five entries are read whatever the honoured sources: a cap of four gives up.
      expect(await dncSnapshot({ sources: ["org"], max: 4 })).toBeUndefined();
      expect(await dncSnapshot({ sources: ["org"], max: 10, budgetMs: -1 })).toBeUndefined();
    });
  });
});

import { describe, expect, it } from "vitest";
import { call, DEMO_USERS, eventually, newTenant, signIn } from "../support/api.ts";
import { openEvents } from "../support/events.ts";

describe("the change feed", () => {
  it("keeps indexing and pushing every tenant's writes after another tenant saves an empty chart object", async () => {
    // DynamoDB Local streams the `{}` inside the list as an untyped `{}`: the record the feed once could not read.
    const fresh = await newTenant([]);
    const patched = await call("/api/tenant-settings", {
      method: "PATCH",
      body: { dashBoardCharts: [{}] },
      session: fresh,
    });
    expect(patched.status).toBe(200);

    const acme = await signIn(DEMO_USERS.acme);
    const events = await openEvents(acme);
    try {
      const name = `Unwedged${Date.now().toString(36)}`;
      const created = await call("/api/contacts", {
        method: "POST",
        body: { firstName: "Wendy", lastName: name, phone: "3035550142" },
        session: acme,
      });
      expect(created.status).toBe(201);
      const found = await eventually(
        () => call(`/api/contacts?search=${name}`, { session: acme }),
        (r) => r.json?.total === 1,
      );
      expect(found.json.items.map((c: { id: string }) => c.id)).toEqual([created.json.id]);
      expect(await events.waitFor((e) => e.entity === "contact" && e.id === created.json.id, 2000)).toEqual({
        entity: "contact",
        op: "upsert",
        id: created.json.id,
      });
    } finally {
      await events.close();
    }
  });
});

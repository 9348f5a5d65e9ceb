import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { outboxMail } from "../../packages/core/src/mail/outbox.ts";
import { call, expectProblem, newTenant, signIn, testStore } from "../support/api.ts";

describe("GET /api/outbox", () => {
  it("lists the tenant's kept mail newest first, without bodies, and opens one with them", async () => {
    const session = await newTenant(["ListManager"]);
    const mail = outboxMail(await testStore().then((s) => () => s));
    const older = await mail.send({
      tenant: session.tenant,
      to: [session.email],
      subject: "older",
      text: "one",
    });
    const newer = await mail.send({
      tenant: session.tenant,
      to: [session.email],
      subject: "newer",
      text: "two",
      html: "<p>two</p>",
      tag: "import",
    });
    const list = await call("/api/outbox?limit=1", { session });
    expect(list.status).toBe(200);
    expect(list.json.items).toEqual([
      { id: newer.id, to: [session.email], subject: "newer", tag: "import", createdAt: expect.any(String) },
    ]);
    const next = await call(`/api/outbox?limit=5&cursor=${encodeURIComponent(list.json.nextCursor)}`, {
      session,
    });
    expect(next.json.items.map((m: { id: string }) => m.id)).toEqual([older.id]);

    const one = await call(`/api/outbox/${newer.id}`, { session });
    expect(one.status).toBe(200);
    expect(one.json).toMatchObject({ id: newer.id, text: "two", html: "<p>two</p>" });
    expect((await call(`/api/outbox/${older.id}`, { session })).json.html).toBeNull();
  });

  it("answers 404 for an id that is not the tenant's, and 401 without a token", async () => {
    const session = await signIn("admin@acme.example");
    expectProblem(await call(`/api/outbox/${randomUUID()}`, { session }), 404);
    expectProblem(await call("/api/outbox"), 401);
  });
});

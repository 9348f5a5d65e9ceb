import { PutCommand } from "@aws-sdk/lib-dynamodb";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { createDynamoClient } from "../../packages/core/src/store/client.ts";
import { ContactEntity } from "../../packages/core/src/store/entities.ts";
import { call, DEMO_USERS, type Session, signIn } from "../support/api.ts";

/**
 * The contact's structured attributes are typed ElectroDB lists and maps (docs/data-model.md). Typing them
 * must not change what is stored or read: items written before, when they were untyped, read the same,
 * and the empty values a client may send are still taken.
 */
let acme: Session;
beforeAll(async () => {
  acme = await signIn(DEMO_USERS.acme);
});

const contact = (body: Record<string, unknown>) =>
  call("/api/contacts", {
    method: "POST",
    body: { firstName: "Store", lastName: "Typed", phone: "3035550111", ...body },
    session: acme,
  });

describe("contact attributes in the store", () => {
  it("reads an item written before the attributes were typed, as it was written", async () => {
    const id = `pre-typed-${Date.now().toString(36)}`;
    // The item as the untyped entity wrote it: the same keys and identifiers, the JSON values as sent.
    const { Item } = ContactEntity.create({ tenant: "acme", id, firstName: "Old", lastName: "Item" }).params({
      table: "reachcx",
    });
    const client = createDynamoClient({
      table: "reachcx",
      endpoint: inject("dynamoEndpoint"),
      credentials: inject("dynamoCredentials"),
    });
    await client.send(
      new PutCommand({
        TableName: "reachcx",
        Item: {
          ...Item,
          phone: "3035550112",
          balances: [{ id: "B-1", type: "Loan", amount: 12.5, age: 30 }],
          optout: { SMS: true },
          mobileDevices: [{ id: "tok", type: "ios" }],
          customFields: { "custom:vip": true, "custom:accountRef": "A-9" },
        },
      }),
    );
    const res = await call(`/api/contacts/${id}`, { session: acme });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      balances: [{ id: "B-1", type: "Loan", amount: 12.5, age: 30 }],
      optout: { SMS: true },
      mobileDevices: [{ id: "tok", type: "ios" }],
      customFields: { "custom:vip": true, "custom:accountRef": "A-9" },
    });
  });

  it("takes empty lists and an empty opt-out map on create and on change", async () => {
    const created = await contact({ balances: [], mobileDevices: [], optout: {} });
    expect(created.status).toBe(201);
    expect(created.json.balances).toEqual([]);
    expect(created.json.mobileDevices).toEqual([]);
    expect(created.json.optout).toEqual({});
    const id = created.json.id;
    expect((await call(`/api/contacts/${id}`, { session: acme })).json).toMatchObject({
      balances: [],
      mobileDevices: [],
      optout: {},
    });

    const optedOut = await call(`/api/contacts/${id}`, {
      method: "PATCH",
      body: { optout: { Voice: true }, mobileDevices: [{ id: "tok-2", type: "android" }] },
      session: acme,
    });
    expect(optedOut.status).toBe(200);
    expect(optedOut.json).toMatchObject({
      optout: { Voice: true },
      mobileDevices: [{ id: "tok-2", type: "android" }],
    });

    const cleared = await call(`/api/contacts/${id}`, {
      method: "PATCH",
      body: { optout: {}, mobileDevices: [] },
      session: acme,
    });
    expect(cleared.status).toBe(200);
    expect(cleared.json.mobileDevices).toEqual([]);
    expect(cleared.json.optout).toEqual({});
  });
});

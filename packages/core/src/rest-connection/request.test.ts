import { describe, expect, it } from "vitest";
import { buildRestRequest, type RestRequestParts } from "./request.ts";

const parts: RestRequestParts = {
  endpoint: "https://api.example.com/leads?region=west",
  method: "GET",
  headers: [
    { key: "X-Team", value: "blue", description: "" },
    { key: "Authorization", value: "from a header row", description: "" },
  ],
  params: [
    { key: "page", value: "1", description: "" },
    { key: "tag", value: "a b&c", description: "" },
  ],
  auth: { type: "None", info: {} },
};

describe("buildRestRequest", () => {
  it("adds params to the endpoint's query and sends the headers, with no body for GET", () => {
    const built = buildRestRequest(parts);
    expect(built.url).toBe("https://api.example.com/leads?region=west&page=1&tag=a+b%26c");
    expect(built.headers).toEqual({
      accept: "application/json",
      "x-team": "blue",
      authorization: "from a header row",
    });
    expect(built.body).toBeUndefined();
    expect(buildRestRequest({ ...parts, method: "POST" }).body).toBe("");
  });

  it("applies each auth type, replacing a configured header of the same name", () => {
    const bearer = buildRestRequest({ ...parts, auth: { type: "Bearer_Token", info: { token: "tok" } } });
    expect(bearer.headers.authorization).toBe("Bearer tok");
    const basic = buildRestRequest({
      ...parts,
      auth: { type: "Basic_Auth", info: { username: "ann", password: "pä:ss" } },
    });
    expect(basic.headers.authorization).toBe(`Basic ${Buffer.from("ann:pä:ss").toString("base64")}`);
    const header = buildRestRequest({
      ...parts,
      auth: { type: "API_Key", info: { key: "X-Api-Key", value: "k1", addTo: "header" } },
    });
    expect(header.headers["x-api-key"]).toBe("k1");
    const query = buildRestRequest({
      ...parts,
      auth: { type: "API_Key", info: { key: "api_key", value: "k 2", addTo: "queryParams" } },
    });
    expect(new URL(query.url).searchParams.get("api_key")).toBe("k 2");
    expect(query.headers["x-api-key"]).toBeUndefined();
  });
});

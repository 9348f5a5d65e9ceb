import { randomBytes } from "node:crypto";
import type { PutObjectCommand } from "@aws-sdk/client-s3";
import { describe, expect, it } from "vitest";
import { type S3Command, s3Blobs } from "../../packages/core/src/adapters/s3.ts";
import { directoryBlobs } from "../../packages/local/src/blobs.ts";
import { tempDirs } from "../support/temp.ts";

const tempDir = tempDirs();

/** The Blobs port's upload links and streamed reads (blobs/port.ts `uploadLink`, `read`), both adapters. */

const collect = async (body: AsyncIterable<Uint8Array>) => {
  const parts: Uint8Array[] = [];
  for await (const p of body) parts.push(p);
  return Buffer.concat(parts).toString("utf8");
};

describe("embedded Blobs: upload links and reads", () => {
  const blobs = directoryBlobs({
    dir: tempDir("reachcx-upload-"),
    secret: randomBytes(32),
  });
  const once = async function* (text: string) {
    yield new TextEncoder().encode(text);
  };
  const linkOf = async (key: string, size: number) => {
    const link = await blobs.uploadLink(key, 60, { size, contentType: "text/csv" });
    expect(link.headers).toEqual({ "content-type": "text/csv" });
    const url = new URL(link.url, "http://x");
    expect(url.pathname).toBe(`/blobs/${key}`);
    return Object.fromEntries(url.searchParams);
  };

  it("stores a PUT of exactly the signed size and type, then reads it whole or from an offset", async () => {
    const query = await linkOf("t/contacts/a.csv", 11);
    expect(
      await blobs.accept("t/contacts/a.csv", query, { contentType: "text/csv", body: once("hello,world") }),
    ).toEqual({ ok: true });
    const whole = await blobs.read("t/contacts/a.csv");
    expect(whole?.size).toBe(11);
    expect(await collect(whole?.body ?? once(""))).toBe("hello,world");
    const tail = await blobs.read("t/contacts/a.csv", { start: 6 });
    expect(tail?.size).toBe(11);
    expect(await collect(tail?.body ?? once(""))).toBe("world");
    expect(await collect((await blobs.read("t/contacts/a.csv", { start: 11 }))?.body ?? once("x"))).toBe("");
    expect(await blobs.read("t/contacts/none.csv")).toBeUndefined();
  });

  it("keeps nothing of a body longer or shorter than signed, or of another type", async () => {
    const query = await linkOf("t/contacts/b.csv", 3);
    expect(
      await blobs.accept("t/contacts/b.csv", query, { contentType: "text/csv", body: once("1234") }),
    ).toEqual({ ok: false, why: "size" });
    expect(
      await blobs.accept("t/contacts/b.csv", query, { contentType: "text/csv", body: once("12") }),
    ).toEqual({ ok: false, why: "size" });
    expect(
      await blobs.accept("t/contacts/b.csv", query, { contentType: "text/plain", body: once("123") }),
    ).toEqual({ ok: false, why: "refused" });
    expect(await blobs.exists("t/contacts/b.csv")).toBe(false);
    expect(
      await blobs.accept(
        "t/contacts/b.csv",
        { ...query, size: "4" },
        { contentType: "text/csv", body: once("1234") },
      ),
    ).toEqual({ ok: false, why: "refused" });
  });
});

describe("S3 Blobs: upload links and reads (stubbed client)", () => {
  it("presigns a PutObject with its length and type signed", async () => {
    const signed: { command: unknown; ttl: number; headers?: Set<string> }[] = [];
    const blobs = s3Blobs({
      bucket: "b",
      client: { send: async () => ({}) },
      presign: async (command, ttl, headers) => {
        signed.push({ command, ttl, headers });
        return "https://b.s3.example/signed";
      },
    });
    const link = await blobs.uploadLink("t/contacts/a.csv", 900, { size: 42, contentType: "text/csv" });
    expect(link).toEqual({ url: "https://b.s3.example/signed", headers: { "content-type": "text/csv" } });
    const [{ command, ttl, headers }] = signed as [
      { command: PutObjectCommand; ttl: number; headers: Set<string> },
    ];
    expect(command.constructor.name).toBe("PutObjectCommand");
    expect(command.input).toEqual({
      Bucket: "b",
      Key: "t/contacts/a.csv",
      ContentLength: 42,
      ContentType: "text/csv",
    });
    expect(ttl).toBe(900);
    expect([...headers].sort()).toEqual(["content-length", "content-type"]);
    await expect(blobs.uploadLink("../x", 900, { size: 1, contentType: "text/csv" })).rejects.toThrow(
      /blob key/,
    );
  });

  it("reads with a HEAD for the size and a ranged GET from the offset; undefined when missing", async () => {
    const sent: S3Command[] = [];
    const blobs = s3Blobs({
      bucket: "b",
      client: {
        send: async (command) => {
          sent.push(command);
          if (command.input.Key === "t/none.csv") throw Object.assign(new Error("nf"), { name: "NotFound" });
          if (command.constructor.name === "HeadObjectCommand") return { ContentLength: 10 };
          return {
            Body: (async function* () {
              yield new TextEncoder().encode("56789");
            })(),
          };
        },
      },
    });
    const read = await blobs.read("t/a.csv", { start: 5 });
    expect(read?.size).toBe(10);
    expect(await collect(read?.body ?? (async function* () {})())).toBe("56789");
    expect(sent[0]?.constructor.name).toBe("HeadObjectCommand");
    expect(sent[1]?.constructor.name).toBe("GetObjectCommand");
    expect(sent[1]?.input).toEqual({ Bucket: "b", Key: "t/a.csv", Range: "bytes=5-" });
    expect(await blobs.read("t/none.csv")).toBeUndefined();
  });
});

import { describe, expect, it } from "vitest";
import { type Presign, type S3Command, s3Blobs } from "../../packages/core/src/adapters/s3.ts";
import type { Blobs } from "../../packages/core/src/blobs/port.ts";
import { directoryBlobs } from "../../packages/local/src/blobs.ts";
import { tempDirs } from "../support/temp.ts";

const tempDir = tempDirs();

const bytes = (text: string) => new Uint8Array(Buffer.from(text, "utf8"));
const text = (data: Uint8Array | undefined) => (data ? Buffer.from(data).toString("utf8") : undefined);

/** What every Blobs adapter must do (blobs/port.ts). */
function blobsSuite(name: string, make: () => Blobs) {
  describe(`Blobs conformance: ${name}`, () => {
    const blobs = make();

    it("gives back what was put, and nothing for a key never put", async () => {
      await blobs.put("suite/a/first.txt", bytes("first"));
      expect(text(await blobs.get("suite/a/first.txt"))).toBe("first");
      expect(await blobs.exists("suite/a/first.txt")).toBe(true);
      expect(await blobs.get("suite/a/never.txt")).toBeUndefined();
      expect(await blobs.exists("suite/a/never.txt")).toBe(false);
    });

    it("replaces an object put again under the same key", async () => {
      await blobs.put("suite/replace.bin", bytes("one"));
      await blobs.put("suite/replace.bin", bytes("two"));
      expect(text(await blobs.get("suite/replace.bin"))).toBe("two");
    });

    it("deletes, and deleting what is not there is not a failure", async () => {
      await blobs.put("suite/gone.txt", bytes("x"));
      await blobs.delete("suite/gone.txt");
      expect(await blobs.exists("suite/gone.txt")).toBe(false);
      await expect(blobs.delete("suite/gone.txt")).resolves.toBeUndefined();
    });

    it("refuses keys that are not plain relative paths", async () => {
      for (const key of ["../escape", "/absolute", "a//b", "a/./b", "a/../../b", "", "sp ace", "a\\b"]) {
        await expect(blobs.put(key, bytes("x")), key).rejects.toThrow(/blob key/);
        await expect(blobs.get(key), key).rejects.toThrow(/blob key/);
        await expect(blobs.exists(key), key).rejects.toThrow(/blob key/);
        await expect(blobs.delete(key), key).rejects.toThrow(/blob key/);
        await expect(blobs.downloadLink(key, 60), key).rejects.toThrow(/blob key/);
        await expect(blobs.downloadLink(key, 60, { fileName: "F.zip" }), key).rejects.toThrow(/blob key/);
      }
    });

    it("stores a streamed body whole, and nothing when the stream fails midway", async () => {
      const chunks = async function* (count: number, fail = false) {
        for (let i = 0; i < count; i++) {
          if (fail && i === count - 1) throw new Error("source failed");
          yield bytes(String(i % 10).repeat(100));
        }
      };
      const stored = await blobs.putStream("suite/stream.csv", chunks(50), { contentType: "text/csv" });
      expect(stored.size).toBe(5000);
      const back = text(await blobs.get("suite/stream.csv"));
      expect(back?.length).toBe(5000);
      expect(back?.slice(0, 100)).toBe("0".repeat(100));
      expect(back?.slice(4900)).toBe("9".repeat(100));
      await expect(blobs.putStream("suite/broken.csv", chunks(50, true))).rejects.toThrow("source failed");
      expect(await blobs.exists("suite/broken.csv")).toBe(false);
      expect((await blobs.putStream("suite/empty.csv", chunks(0))).size).toBe(0);
      expect(text(await blobs.get("suite/empty.csv"))).toBe("");
    });

    it("makes a download link for a stored key", async () => {
      await blobs.put("suite/link.zip", bytes("zip"));
      const link = await blobs.downloadLink("suite/link.zip", 300, { fileName: "Link.zip" });
      expect(link).toContain("suite/link.zip");
    });
  });
}

const embeddedDir = tempDir("blobs-conformance-");
const secret = new Uint8Array(32).fill(7);
blobsSuite("embedded directory", () => directoryBlobs({ dir: embeddedDir, secret }));

describe("embedded links", () => {
  const blobs = directoryBlobs({ dir: tempDir("blobs-links-"), secret });
  // A different first character: the last one carries only 4 bits, so "A" there is often the signature's own.
  const tampered = (sig: string) => `${sig.startsWith("A") ? "B" : "A"}${sig.slice(1)}`;
  const queryOf = (link: string) => {
    const url = new URL(link, "http://x");
    return { key: url.pathname.replace(/^\/blobs\//, ""), query: Object.fromEntries(url.searchParams) };
  };

  it("opens a fresh link, and refuses it once expired", async () => {
    await blobs.put("pkg/file.zip", bytes("content"));
    const { key, query } = queryOf(await blobs.downloadLink("pkg/file.zip", 300, { fileName: "F.zip" }));
    const opened = await blobs.open(key, query);
    expect(opened.ok && text(opened.body)).toBe("content");
    expect(opened.ok && opened.fileName).toBe("F.zip");
    expect(await blobs.open(key, query, Date.now() + 301_000)).toEqual({ ok: false, why: "refused" });
  });

  it("refuses a link whose key, expiry, name or signature was changed", async () => {
    await blobs.put("pkg/file.zip", bytes("content"));
    await blobs.put("pkg/other.zip", bytes("other"));
    const { key, query } = queryOf(await blobs.downloadLink("pkg/file.zip", 300));
    const refused = { ok: false, why: "refused" };
    expect(await blobs.open("pkg/other.zip", query)).toEqual(refused);
    expect(await blobs.open(key, { ...query, exp: String(Number(query.exp) + 3600) })).toEqual(refused);
    expect(await blobs.open(key, { ...query, name: "evil.exe" })).toEqual(refused);
    expect(await blobs.open(key, { ...query, sig: tampered(query.sig ?? "") })).toEqual(refused);
    expect(await blobs.open(key, { exp: query.exp, name: query.name })).toEqual(refused);
    expect(await blobs.open("../pkg/file.zip", query)).toEqual(refused);
  });

  it("answers missing for a good link to an object deleted since", async () => {
    await blobs.put("pkg/brief.zip", bytes("x"));
    const { key, query } = queryOf(await blobs.downloadLink("pkg/brief.zip", 300));
    await blobs.delete("pkg/brief.zip");
    expect(await blobs.open(key, query)).toEqual({ ok: false, why: "missing" });
  });

  it("does not open links signed by another instance's key", async () => {
    const other = directoryBlobs({
      dir: tempDir("blobs-other-"),
      secret: new Uint8Array(32).fill(9),
    });
    await other.put("pkg/file.zip", bytes("x"));
    await blobs.put("pkg/file.zip", bytes("content"));
    const { key, query } = queryOf(await other.downloadLink("pkg/file.zip", 300));
    expect(await blobs.open(key, query)).toEqual({ ok: false, why: "refused" });
  });
});

/** S3 as far as the adapter uses it: objects in a map, a 404 shaped like the SDK's. */
function stubS3() {
  const objects = new Map<string, Uint8Array>();
  /** Multipart uploads in progress: their parts, in order. */
  const uploads = new Map<string, Uint8Array[]>();
  const missing = () =>
    Object.assign(new Error("not there"), { name: "NoSuchKey", $metadata: { httpStatusCode: 404 } });
  const sent: S3Command[] = [];
  const client = {
    sent,
    async send(command: S3Command) {
      sent.push(command);
      const id = `${command.input.Bucket}/${command.input.Key}`;
      // By name: the test and core may load different copies of the SDK, so instanceof would not hold.
      const kind = command.constructor.name;
      if (kind === "PutObjectCommand") {
        objects.set(id, new Uint8Array((command.input as { Body: Uint8Array }).Body));
        return {};
      }
      if (kind === "CreateMultipartUploadCommand") {
        uploads.set(id, []);
        return { UploadId: `upload-${id}` };
      }
      if (kind === "UploadPartCommand") {
        const input = command.input as { PartNumber: number; Body: Uint8Array };
        uploads.get(id)?.push(new Uint8Array(input.Body));
        return { ETag: `"etag-${input.PartNumber}"` };
      }
      if (kind === "CompleteMultipartUploadCommand") {
        objects.set(id, new Uint8Array(Buffer.concat(uploads.get(id) ?? [])));
        uploads.delete(id);
        return {};
      }
      if (kind === "AbortMultipartUploadCommand") {
        uploads.delete(id);
        return {};
      }
      if (kind === "DeleteObjectCommand") {
        objects.delete(id);
        return {};
      }
      const found = objects.get(id);
      if (!found) throw missing();
      if (kind === "HeadObjectCommand") return {};
      if (kind === "GetObjectCommand") return { Body: { transformToByteArray: async () => found } };
      throw new Error("unexpected command");
    },
  };
  return client;
}

const presigned: { command: Parameters<Presign>[0]; ttl: number }[] = [];
blobsSuite("S3 (stubbed client and presigner)", () =>
  s3Blobs({
    bucket: "addons-bucket",
    client: stubS3(),
    // Parts far under S3's 5 MiB minimum, so the suite's streamed body takes several.
    partBytes: 1024,
    presign: async (command, ttl) => {
      presigned.push({ command, ttl });
      return `https://addons-bucket.s3.amazonaws.com/${command.input.Key}?X-Amz-Expires=${ttl}`;
    },
  }),
);

describe("S3 streamed put", () => {
  it("sends parts of partBytes in a multipart upload, a plain put for one part, and aborts on failure", async () => {
    const client = stubS3();
    const blobs = s3Blobs({ bucket: "b", client, partBytes: 1024 });
    const body = async function* (total: number, fail = false) {
      for (let sent = 0; sent < total; sent += 300) yield bytes("x".repeat(Math.min(300, total - sent)));
      if (fail) throw new Error("source failed");
    };
    await blobs.putStream("s/big.csv", body(3000));
    const kinds = () => client.sent.map((c) => c.constructor.name);
    expect(kinds()).toEqual([
      "CreateMultipartUploadCommand",
      "UploadPartCommand",
      "UploadPartCommand",
      "UploadPartCommand",
      "CompleteMultipartUploadCommand",
    ]);
    const sizes = client.sent
      .filter((c) => c.constructor.name === "UploadPartCommand")
      .map((c) => (c.input as { Body: Uint8Array }).Body.byteLength);
    expect(sizes).toEqual([1024, 1024, 952]);
    client.sent.length = 0;
    await blobs.putStream("s/small.csv", body(500));
    expect(kinds()).toEqual(["PutObjectCommand"]);
    client.sent.length = 0;
    await expect(blobs.putStream("s/broken.csv", body(3000, true))).rejects.toThrow("source failed");
    expect(kinds().at(-1)).toBe("AbortMultipartUploadCommand");
    expect(await blobs.exists("s/broken.csv")).toBe(false);
  });
});

describe("S3 download links", () => {
  it("are presigned GETs of the bucket's key, for the TTL, saved under the file name", async () => {
    const client = stubS3();
    const blobs = s3Blobs({
      bucket: "addons-bucket",
      client,
      presign: async (command, ttl) => {
        presigned.push({ command, ttl });
        return "https://signed.example/x";
      },
    });
    presigned.length = 0;
    expect(await blobs.downloadLink("add-ons/p.zip", 300, { fileName: 'Pack"age.zip' })).toBe(
      "https://signed.example/x",
    );
    expect(presigned).toHaveLength(1);
    expect(presigned[0]?.ttl).toBe(300);
    expect(presigned[0]?.command.constructor.name).toBe("GetObjectCommand");
    expect(presigned[0]?.command.input).toEqual({
      Bucket: "addons-bucket",
      Key: "add-ons/p.zip",
      ResponseContentDisposition: 'attachment; filename="Package.zip"',
    });
    // Presigning is local: it asks S3 nothing.
    expect(client.sent).toEqual([]);
  });

  it("the real presigner signs for the bucket with the expiry", async () => {
    const blobs = s3Blobs({ bucket: "addons-bucket", region: "us-east-1" });
    process.env.AWS_ACCESS_KEY_ID ??= "AKIAEXAMPLEEXAMPLE12";
    process.env.AWS_SECRET_ACCESS_KEY ??= "example-secret-for-offline-signing";
    const url = new URL(await blobs.downloadLink("add-ons/p.zip", 300));
    expect(url.hostname).toBe("addons-bucket.s3.us-east-1.amazonaws.com");
    expect(url.pathname).toBe("/add-ons/p.zip");
    expect(url.searchParams.get("X-Amz-Expires")).toBe("300");
    expect(url.searchParams.get("X-Amz-Signature")).toMatch(/^[0-9a-f]{64}$/);
  });
});

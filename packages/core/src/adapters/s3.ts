import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { blobKey } from "../blobs/key.ts";
import { type BlobStream, type Blobs, PART_BYTES } from "../blobs/port.ts";

export type S3Command =
  | PutObjectCommand
  | GetObjectCommand
  | HeadObjectCommand
  | DeleteObjectCommand
  | CreateMultipartUploadCommand
  | UploadPartCommand
  | CompleteMultipartUploadCommand
  | AbortMultipartUploadCommand;

/** What the adapter needs of an S3 client (a stub in test/conformance/blobs.test.ts). */
export interface S3Sender {
  send(command: S3Command): Promise<unknown>;
}

/** Signs a GET or PUT for `ttlSeconds`: @aws-sdk/s3-request-presigner's getSignedUrl unless a test gives its own. */
export type Presign = (
  command: GetObjectCommand | PutObjectCommand,
  ttlSeconds: number,
  signedHeaders?: Set<string>,
) => Promise<string>;

const notFound = (err: unknown) =>
  err instanceof Error &&
  (err.name === "NoSuchKey" ||
    err.name === "NotFound" ||
    (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404);

/** Regroups chunks into parts of `size` bytes (the last one shorter): one part in memory at a time. */
export async function* partsOf(body: AsyncIterable<Uint8Array>, size: number): AsyncGenerator<Uint8Array> {
  let held: Uint8Array[] = [];
  let length = 0;
  for await (const chunk of body) {
    held.push(chunk);
    length += chunk.byteLength;
    while (length >= size) {
      const all = Buffer.concat(held, length);
      yield new Uint8Array(all.subarray(0, size));
      held = [all.subarray(size)];
      length -= size;
    }
  }
  if (length > 0) yield new Uint8Array(Buffer.concat(held, length));
}

/** The Blobs port on an S3 bucket; download links are presigned GETs that S3 itself refuses once expired. */
export function s3Blobs(options: {
  bucket: string;
  region?: string;
  client?: S3Sender;
  presign?: Presign;
  /** The part size of a streamed put (PART_BYTES; a test may use less than S3's 5 MiB minimum). */
  partBytes?: number;
}): Blobs {
  const { bucket } = options;
  const real = options.client ? undefined : new S3Client({ region: options.region });
  const client: S3Sender = options.client ?? (real as S3Client);
  const presign: Presign =
    options.presign ??
    ((command, expiresIn, signableHeaders) =>
      getSignedUrl(real as S3Client, command, {
        expiresIn,
        ...(signableHeaders ? { signableHeaders } : {}),
      }));
  return {
    async put(key, body, put) {
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: blobKey(key),
          Body: body,
          ContentType: put?.contentType ?? "application/octet-stream",
        }),
      );
    },
    async putStream(key, body, put) {
      const Key = blobKey(key);
      const ContentType = put?.contentType ?? "application/octet-stream";
      const parts = partsOf(body, options.partBytes ?? PART_BYTES);
      const first = await parts.next();
      const second = first.done ? first : await parts.next();
      if (second.done) {
        // One part or none: a plain put.
        const only = first.done ? new Uint8Array() : first.value;
        await client.send(new PutObjectCommand({ Bucket: bucket, Key, Body: only, ContentType }));
        return { size: only.byteLength };
      }
      const { UploadId } = (await client.send(
        new CreateMultipartUploadCommand({ Bucket: bucket, Key, ContentType }),
      )) as { UploadId?: string };
      const done: { ETag?: string; PartNumber: number }[] = [];
      let size = 0;
      try {
        const upload = async (Body: Uint8Array) => {
          const PartNumber = done.length + 1;
          const { ETag } = (await client.send(
            new UploadPartCommand({ Bucket: bucket, Key, UploadId, PartNumber, Body }),
          )) as { ETag?: string };
          done.push({ ETag, PartNumber });
          size += Body.byteLength;
        };
        await upload(first.value as Uint8Array);
        await upload(second.value);
        for await (const part of parts) await upload(part);
        await client.send(
          new CompleteMultipartUploadCommand({
            Bucket: bucket,
            Key,
            UploadId,
            MultipartUpload: { Parts: done },
          }),
        );
      } catch (err) {
        // No half object stays behind, and S3 keeps no parts to bill for.
        await client.send(new AbortMultipartUploadCommand({ Bucket: bucket, Key, UploadId })).catch(() => {});
        throw err;
      }
      return { size };
    },
    async get(key) {
      try {
        const answer = (await client.send(new GetObjectCommand({ Bucket: bucket, Key: blobKey(key) }))) as {
          Body?: { transformToByteArray(): Promise<Uint8Array> };
        };
        return answer.Body ? await answer.Body.transformToByteArray() : new Uint8Array();
      } catch (err) {
        if (notFound(err)) return undefined;
        throw err;
      }
    },
    async exists(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket: bucket, Key: blobKey(key) }));
        return true;
      } catch (err) {
        if (notFound(err)) return false;
        throw err;
      }
    },
    async delete(key) {
      // S3 answers 204 for a key that is not there: deleting twice is not a failure.
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: blobKey(key) }));
    },
    async downloadLink(key, ttlSeconds, link) {
      const command = new GetObjectCommand({
        Bucket: bucket,
        Key: blobKey(key),
        ...(link?.fileName
          ? { ResponseContentDisposition: `attachment; filename="${link.fileName.replace(/"/g, "")}"` }
          : {}),
      });
      return presign(command, ttlSeconds);
    },
    async uploadLink(key, ttlSeconds, upload) {
      // Length and type are signed: S3 refuses a PUT of another size or type (403), so the cap holds.
      const command = new PutObjectCommand({
        Bucket: bucket,
        Key: blobKey(key),
        ContentLength: upload.size,
        ContentType: upload.contentType,
      });
      const url = await presign(command, ttlSeconds, new Set(["content-length", "content-type"]));
      return { url, headers: { "content-type": upload.contentType } };
    },
    async read(key, from): Promise<BlobStream | undefined> {
      const start = Math.max(0, Math.floor(from?.start ?? 0));
      try {
        const head = (await client.send(new HeadObjectCommand({ Bucket: bucket, Key: blobKey(key) }))) as {
          ContentLength?: number;
        };
        const size = head.ContentLength ?? 0;
        if (start >= size) return { size, body: (async function* () {})() };
        const answer = (await client.send(
          new GetObjectCommand({ Bucket: bucket, Key: blobKey(key), Range: `bytes=${start}-` }),
        )) as { Body?: AsyncIterable<Uint8Array> };
        return { size, body: answer.Body ?? (async function* () {})() };
      } catch (err) {
        if (notFound(err)) return undefined;
        throw err;
      }
    },
  };
}

import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { blobKey } from "../blobs/key.ts";
import type { BlobStream, Blobs } from "../blobs/port.ts";

export type S3Command = PutObjectCommand | GetObjectCommand | HeadObjectCommand | DeleteObjectCommand;

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

/** The Blobs port on an S3 bucket; download links are presigned GETs that S3 itself refuses once expired. */
export function s3Blobs(options: {
  bucket: string;
  region?: string;
  client?: S3Sender;
  presign?: Presign;
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

import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { blobKey } from "../blobs/key.ts";
import type { Blobs } from "../blobs/port.ts";

export type S3Command = PutObjectCommand | GetObjectCommand | HeadObjectCommand | DeleteObjectCommand;

/** What the adapter needs of an S3 client (a stub in test/conformance/blobs.test.ts). */
export interface S3Sender {
  send(command: S3Command): Promise<unknown>;
}

/** Signs a GET for `ttlSeconds`: @aws-sdk/s3-request-presigner's getSignedUrl unless a test gives its own. */
export type Presign = (command: GetObjectCommand, ttlSeconds: number) => Promise<string>;

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
    options.presign ?? ((command, expiresIn) => getSignedUrl(real as S3Client, command, { expiresIn }));
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
  };
}

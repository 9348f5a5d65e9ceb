/**
 * Files the product keeps outside its table (the CRM add-on packages today, import uploads next). AWS:
 * an S3 bucket with presigned GET links (adapters/s3.ts); embedded: a directory under DATA_DIR whose links
 * the embedded server checks and serves (packages/local/src/blobs.ts). Both pass
 * test/conformance/blobs.test.ts.
 *
 * Keys are relative paths of plain segments (blobKey in key.ts); every method refuses any other.
 */
export interface Blobs {
  put(key: string, body: Uint8Array, options?: { contentType?: string }): Promise<void>;
  /**
   * Stores a body of any size from its chunks without holding it whole (a campaign export of a million
   * contacts): S3 multipart parts of PART_BYTES, a file written aside and renamed embedded. Nothing is
   * stored under `key` unless the whole body was; answers the bytes stored.
   */
  putStream(
    key: string,
    body: AsyncIterable<Uint8Array>,
    options?: { contentType?: string },
  ): Promise<{ size: number }>;
  /** The stored bytes, or undefined when nothing is stored under `key`. */
  get(key: string): Promise<Uint8Array | undefined>;
  /** Whether something is stored under `key`, without reading it. */
  exists(key: string): Promise<boolean>;
  /** Removes the object; removing one that does not exist is not a failure. */
  delete(key: string): Promise<void>;
  /**
   * A link that downloads the object for `ttlSeconds` and is refused (403) after that or when altered.
   * `fileName` is the name the browser saves it under.
   */
  downloadLink(key: string, ttlSeconds: number, options?: { fileName?: string }): Promise<string>;
  /**
   * A link that accepts one PUT of exactly `size` bytes of `contentType` under `key` for `ttlSeconds`
   * (a presigned PutObject on AWS; a signed `/blobs/...` PUT in embedded mode); refused once expired, altered,
   * or with another length or type. The browser uploads with it and sends `headers` with the PUT.
   */
  uploadLink(
    key: string,
    ttlSeconds: number,
    options: { size: number; contentType: string },
  ): Promise<{ url: string; headers: Record<string, string> }>;
  /**
   * Streams the object from byte `start` (0 by default) without holding it in memory; `size` is the whole
   * object's. Undefined when nothing is stored under `key`.
   */
  read(key: string, options?: { start?: number }): Promise<BlobStream | undefined>;
}

export interface BlobStream {
  size: number;
  body: AsyncIterable<Uint8Array>;
}

/** The part size of a streamed put on S3 (each part but the last must be at least 5 MiB). */
export const PART_BYTES = 8 * 1024 * 1024;

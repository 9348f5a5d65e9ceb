import { createHmac, hkdfSync, randomUUID, timingSafeEqual } from "node:crypto";
import { createReadStream, createWriteStream, mkdirSync } from "node:fs";
import { mkdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { dirname, resolve, sep } from "node:path";
import { pipeline } from "node:stream/promises";
import { blobKey, isBlobKey } from "@reachcx/core/blobs/key";
import type { Blobs } from "@reachcx/core/blobs/port";

/** Where the embedded server serves blob links (server.ts). */
export const BLOB_PATH = "/blobs";

/** The embedded Blobs: the port, plus what the server needs to check and serve a link. */
export interface DirectoryBlobs extends Blobs {
  /**
   * The bytes a link points at, or why not: `refused` for an altered, expired or malformed link (403),
   * `missing` for a good link to an object removed since (404).
   */
  open(
    key: string,
    query: { exp?: string; sig?: string; name?: string },
    now?: number,
  ): Promise<{ ok: true; body: Uint8Array; fileName: string } | { ok: false; why: "refused" | "missing" }>;
  /**
   * Stores the body of a PUT to an upload link, or says why not: `refused` for an altered, expired or
   * malformed link or another content type (403), `size` for a body of another length than signed (400;
   * reading stops at the signed length plus one byte, so a larger body is never kept).
   */
  accept(
    key: string,
    query: { exp?: string; size?: string; type?: string; sig?: string },
    upload: { contentType: string | undefined; body: AsyncIterable<Uint8Array> | null },
    now?: number,
  ): Promise<{ ok: true } | { ok: false; why: "refused" | "size" }>;
}

/**
 * Blobs in a directory (DATA_DIR/blobs), links `/blobs/{key}?exp=..&name=..&sig=..` signed with HMAC-SHA256
 * over key, expiry and file name. The signing key is derived from the instance's secrets key (HKDF), so
 * links survive a restart and keys.json keeps its shape.
 */
export function directoryBlobs(options: { dir: string; secret: Uint8Array }): DirectoryBlobs {
  const root = resolve(options.dir);
  mkdirSync(root, { recursive: true });
  const signingKey = Buffer.from(hkdfSync("sha256", options.secret, "", "reachcx blob links", 32));
  const sign = (key: string, exp: string, name: string) =>
    createHmac("sha256", signingKey).update(`${key}\n${exp}\n${name}`).digest("base64url");
  // Upload links sign the method too, so a download link's signature never admits a PUT.
  const signUpload = (key: string, exp: string, size: string, type: string) =>
    createHmac("sha256", signingKey).update(`PUT\n${key}\n${exp}\n${size}\n${type}`).digest("base64url");
  const same = (a: string, b: string) => {
    const x = Buffer.from(a);
    const y = Buffer.from(b);
    return x.length === y.length && timingSafeEqual(x, y);
  };
  // blobKey already refuses "..", absolute and empty segments; the prefix check keeps that true here.
  const pathOf = (key: string) => {
    const path = resolve(root, ...blobKey(key).split("/"));
    if (!path.startsWith(root + sep)) throw new Error("A blob key left the blob directory.");
    return path;
  };
  const read = async (key: string) => {
    try {
      return new Uint8Array(await readFile(pathOf(key)));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") return undefined;
      throw err;
    }
  };
  return {
    async put(key, body) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      // Written aside, then renamed over: a download never reads a half-written file.
      const aside = `${path}.${randomUUID()}.part`;
      await writeFile(aside, body);
      await rename(aside, path);
    },
    async putStream(key, body) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const aside = `${path}.${randomUUID()}.part`;
      let size = 0;
      const counted = async function* () {
        for await (const chunk of body) {
          size += chunk.byteLength;
          yield chunk;
        }
      };
      try {
        await pipeline(counted(), createWriteStream(aside));
      } catch (err) {
        await rm(aside, { force: true });
        throw err;
      }
      await rename(aside, path);
      return { size };
    },
    get: read,
    async exists(key) {
      return stat(pathOf(key)).then(
        (s) => s.isFile(),
        () => false,
      );
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    async downloadLink(key, ttlSeconds, link) {
      // Checked first: with a file name given, nothing below would look at the key before signing it.
      const path = blobKey(key);
      const exp = String(Math.floor(Date.now() / 1000) + Math.max(1, Math.floor(ttlSeconds)));
      const name = link?.fileName ?? path.split("/").pop() ?? "download";
      const query = new URLSearchParams({ exp, name, sig: sign(key, exp, name) });
      return `${BLOB_PATH}/${path}?${query}`;
    },
    async uploadLink(key, ttlSeconds, upload) {
      const path = blobKey(key);
      const exp = String(Math.floor(Date.now() / 1000) + Math.max(1, Math.floor(ttlSeconds)));
      const size = String(Math.max(0, Math.floor(upload.size)));
      const type = upload.contentType;
      const query = new URLSearchParams({ exp, size, type, sig: signUpload(key, exp, size, type) });
      return { url: `${BLOB_PATH}/${path}?${query}`, headers: { "content-type": type } };
    },
    async read(key, from) {
      const path = pathOf(key);
      const size = await stat(path).then(
        (s) => (s.isFile() ? s.size : undefined),
        () => undefined,
      );
      if (size === undefined) return undefined;
      const start = Math.max(0, Math.floor(from?.start ?? 0));
      if (start >= size) return { size, body: (async function* () {})() };
      return { size, body: createReadStream(path, { start, highWaterMark: 256 * 1024 }) };
    },
    async accept(key, query, upload, now = Date.now()) {
      const { exp, size, type, sig } = query;
      if (!isBlobKey(key) || !exp || !sig || !size || type === undefined)
        return { ok: false, why: "refused" };
      if (!/^\d{1,12}$/.test(exp) || !/^\d{1,12}$/.test(size)) return { ok: false, why: "refused" };
      if (!same(sig, signUpload(key, exp, size, type))) return { ok: false, why: "refused" };
      if (Number(exp) * 1000 < now) return { ok: false, why: "refused" };
      if ((upload.contentType ?? "").split(";")[0]?.trim() !== type) return { ok: false, why: "refused" };
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const aside = `${path}.${randomUUID()}.part`;
      const expected = Number(size);
      let received = 0;
      const counted = async function* () {
        for await (const chunk of upload.body ?? []) {
          received += chunk.byteLength;
          if (received > expected) throw new Error("oversize");
          yield chunk;
        }
      };
      try {
        await pipeline(counted(), createWriteStream(aside));
      } catch (err) {
        await rm(aside, { force: true });
        if (received > expected) return { ok: false, why: "size" };
        throw err;
      }
      if (received !== expected) {
        await rm(aside, { force: true });
        return { ok: false, why: "size" };
      }
      await rename(aside, path);
      return { ok: true };
    },
    async open(key, query, now = Date.now()) {
      const { exp, sig, name } = query;
      if (!isBlobKey(key) || !exp || !sig || name === undefined || !/^\d{1,12}$/.test(exp))
        return { ok: false, why: "refused" };
      const expected = Buffer.from(sign(key, exp, name));
      const given = Buffer.from(sig);
      if (given.length !== expected.length || !timingSafeEqual(given, expected))
        return { ok: false, why: "refused" };
      if (Number(exp) * 1000 < now) return { ok: false, why: "refused" };
      const body = await read(key);
      return body ? { ok: true, body, fileName: name } : { ok: false, why: "missing" };
    },
  };
}

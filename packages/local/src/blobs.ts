import { createHmac, hkdfSync, randomUUID, timingSafeEqual } from "node:crypto";
import { mkdirSync } from "node:fs";
import { mkdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { dirname, resolve, sep } from "node:path";
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

import { useEnv } from "../env.ts";
import { VisibleError } from "../error/index.ts";
import type { DownloadItem, DownloadLink } from "./api.ts";
import { ADD_ON_PACKAGES, LINK_TTL_SECONDS } from "./packages.ts";

export * from "./packages.ts";

/** The add-on packages and whether each is in storage (the same for every tenant). */
export async function listDownloads(): Promise<DownloadItem[]> {
  const { blobs } = useEnv();
  return Promise.all(
    ADD_ON_PACKAGES.map(async ({ id, title, description, fileName, key }) => ({
      id,
      title,
      description,
      fileName,
      available: await blobs.exists(key),
    })),
  );
}

/** A link to one package that works for LINK_TTL_SECONDS; 404 when the package is not in storage. */
export async function downloadLink(id: string): Promise<DownloadLink> {
  const found = ADD_ON_PACKAGES.find((p) => p.id === id);
  const { blobs } = useEnv();
  if (!found || !(await blobs.exists(found.key)))
    throw new VisibleError(
      "not_found",
      "download.not_found",
      "This package is not available yet: ask your provider to upload it.",
    );
  const expiresAt = new Date(Date.now() + LINK_TTL_SECONDS * 1000).toISOString();
  const url = await blobs.downloadLink(found.key, LINK_TTL_SECONDS, { fileName: found.fileName });
  return { id: found.id, fileName: found.fileName, url, expiresAt };
}

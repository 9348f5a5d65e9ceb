import * as v from "valibot";
import { ADD_ON_PACKAGES } from "./packages.ts";

const PackageId = v.picklist(ADD_ON_PACKAGES.map((p) => p.id));

/** One card of the Downloads screen; `available` is false until the package is in storage. */
export const DownloadItem = v.strictObject({
  id: PackageId,
  title: v.string(),
  description: v.string(),
  fileName: v.string(),
  available: v.boolean(),
});
export type DownloadItem = v.InferOutput<typeof DownloadItem>;

export const DownloadList = v.strictObject({ items: v.array(DownloadItem) });
export type DownloadList = v.InferOutput<typeof DownloadList>;

/** A fresh link to one package: absolute on AWS (presigned S3), relative to the console when embedded. */
export const DownloadLink = v.strictObject({
  id: PackageId,
  fileName: v.string(),
  url: v.string(),
  expiresAt: v.pipe(v.string(), v.isoTimestamp()),
});
export type DownloadLink = v.InferOutput<typeof DownloadLink>;

/** Any id: one that names no package is answered 404 like a package not uploaded yet. */
export const DownloadIdParam = v.strictObject({ id: v.pipe(v.string(), v.maxLength(64)) });

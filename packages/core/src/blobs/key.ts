/** A segment: letters, digits, dot, dash, underscore; not "." or ".." (no way out of a directory). */
const SEGMENT = /^[A-Za-z0-9_.-]{1,128}$/;

/** Whether `key` is a blob key: 1 to 8 segments joined by "/", no empty, dot-only or absolute part. */
export function isBlobKey(key: string): boolean {
  const segments = key.split("/");
  return (
    key.length <= 512 &&
    segments.length <= 8 &&
    segments.every((s) => SEGMENT.test(s) && s !== "." && s !== "..")
  );
}

/** Throws for anything that is not a blob key: a programming error, never a tenant's input. */
export function blobKey(key: string): string {
  if (!isBlobKey(key)) throw new Error(`Not a blob key: ${JSON.stringify(key.slice(0, 80))}`);
  return key;
}

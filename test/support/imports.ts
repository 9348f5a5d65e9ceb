import { expect } from "vitest";
import { baseUrl, call, type Session } from "./api.ts";

/** The spec's default mapping (spec 001 §3) plus the extra rows a test names. */
export async function newMapping(session: Session, extra: { fromField: string; toField: string }[] = []) {
  const res = await call("/api/field-mappings", {
    method: "POST",
    session,
    body: {
      name: `Import ${Math.random().toString(36).slice(2, 8)}`,
      mappings: [
        { fromField: "ID", toField: "externalId" },
        { fromField: "FirstName", toField: "firstName" },
        { fromField: "LastName", toField: "lastName" },
        { fromField: "Phone", toField: "phone" },
        { fromField: "Cell", toField: "cell" },
        { fromField: "City", toField: "city" },
        { fromField: "State", toField: "state" },
        ...extra,
      ],
    },
  });
  expect(res.status, res.text).toBe(201);
  return res.json as { id: string; name: string };
}

/** Asks for an upload link and PUTs the bytes to it, as the browser does; answers the contactsUrl. */
export async function upload(session: Session, fileName: string, content: string | Uint8Array) {
  const bytes = typeof content === "string" ? new TextEncoder().encode(content) : content;
  const link = await call("/api/contacts/import/upload-url", {
    method: "POST",
    session,
    body: { fileName, size: bytes.byteLength },
  });
  expect(link.status, link.text).toBe(200);
  const put = await fetch(new URL(link.json.url, baseUrl()), {
    method: "PUT",
    headers: link.json.headers,
    body: bytes.slice().buffer as ArrayBuffer,
  });
  expect(put.status, await put.text()).toBe(200);
  return link.json.contactsUrl as string;
}

export async function startImport(session: Session, contactsUrl: string, fieldMapping: string) {
  return call("/api/contacts/import", { method: "POST", session, body: { contactsUrl, fieldMapping } });
}

/** Polls the job until it has ended; answers it. */
export async function jobEnd(session: Session, id: string, ms = 60_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const job = await call(`/api/jobs/${id}`, { session });
    if (["done", "failed", "cancelled"].includes(job.json?.state)) return job.json;
    if (Date.now() > deadline) throw new Error(`job ${id} did not end: ${job.text}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Uploads, imports and waits: the job as it ended. */
export async function importFile(
  session: Session,
  fileName: string,
  content: string | Uint8Array,
  mappingId: string,
) {
  const contactsUrl = await upload(session, fileName, content);
  const started = await startImport(session, contactsUrl, mappingId);
  expect(started.status, started.text).toBe(202);
  return jobEnd(session, started.json.id);
}

/** The report of a job, downloaded through its link. */
export async function report(session: Session, jobId: string) {
  const link = await call(`/api/jobs/${jobId}/report`, { session });
  expect(link.status, link.text).toBe(200);
  const res = await fetch(new URL(link.json.url, baseUrl()));
  expect(res.status).toBe(200);
  return res.text();
}

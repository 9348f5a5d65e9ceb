import { useTenant } from "../actor/index.ts";
import { useEnv, useStore } from "../env.ts";
import { type FieldError, VisibleError } from "../error/index.ts";
import { customTargetName } from "../field-mapping/schema.ts";
import { assertJobRoom, type Job, startJob } from "../job/index.ts";
import { readSettings } from "../tenant/index.ts";
import { deletedCustomFieldMessage, IMPORT_KIND, type ImportParams } from "./job.ts";
import {
  type ImportBody,
  snakeCaseName,
  UPLOAD_LINK_SECONDS,
  type UploadUrl,
  type UploadUrlBody,
} from "./schema.ts";

export * from "./schema.ts";

/** Where a tenant's uploads live: its own prefix, then contacts/{snake_case name} (spec 003 §7.2). */
export const uploadPrefix = (tenant: string) => `${tenant}/contacts/`;

const CONTENT_TYPE = "text/csv";

/** The tenant's queued or running imports and the files they read. */
async function activeImports(tenant: string) {
  const store = useStore();
  const { data: slots } = await store.entities.jobSlot.query
    .bySlot({})
    .begins({ tenant })
    .go({ pages: "all" });
  const jobs = await Promise.all(
    slots
      .filter((s) => s.tenant === tenant && s.kind === IMPORT_KIND)
      .map((s) => store.entities.job.get({ tenant, id: s.jobId }).go()),
  );
  return jobs.flatMap(({ data }) => (data ? [JSON.parse(data.params) as ImportParams] : []));
}

/**
 * A link the browser PUTs the CSV to (S3 presigned on AWS, the embedded Blobs' signed link otherwise),
 * for the tenant's contacts/{snake_case name}. Refused while an import of the tenant still reads a file
 * of that name (a new upload would change it under the import).
 */
export async function uploadUrl(body: UploadUrlBody): Promise<UploadUrl> {
  const tenant = useTenant();
  const name = snakeCaseName(body.fileName.trim());
  const key = `${uploadPrefix(tenant)}${name}`;
  if ((await activeImports(tenant)).some((p) => p.key === key))
    throw new VisibleError(
      "conflict",
      "import.file_in_use",
      `A file named ${name} is being imported now. Wait for that import to finish, or rename this file.`,
      [{ path: "fileName", message: `A file named ${name} is being imported now.` }],
    );
  const link = await useEnv().blobs.uploadLink(key, UPLOAD_LINK_SECONDS, {
    size: body.size,
    contentType: CONTENT_TYPE,
  });
  return {
    url: link.url,
    method: "PUT",
    headers: link.headers,
    contactsUrl: key,
    fileName: name,
    expiresAt: new Date(Date.now() + UPLOAD_LINK_SECONDS * 1000).toISOString(),
  };
}

const refuse = (path: string, message: string, code = "import.invalid") =>
  new VisibleError("input", code, message, [{ path, message }] satisfies FieldError[]);

/**
 * Starts the import of an uploaded file with one of the tenant's field mappings; answers the job at once
 * (202). The file is the tenant's own upload or nothing; a mapping naming a custom field the tenant no
 * longer has is refused here, before any job exists.
 */
export async function startImport(body: ImportBody): Promise<Job> {
  const tenant = useTenant();
  await assertJobRoom(tenant);
  const key = body.contactsUrl;
  const prefix = uploadPrefix(tenant);
  const name = key.startsWith(prefix) ? key.slice(prefix.length) : "";
  if (!/^[a-z0-9_]{1,100}\.csv$/.test(name) || !(await useEnv().blobs.exists(key)))
    throw refuse(
      "contactsUrl",
      "No uploaded file was found at contactsUrl. Upload the file first (upload-url).",
      "import.no_file",
    );
  const { data: mapping } = await useStore()
    .entities.fieldMapping.get({ tenant, id: body.fieldMapping })
    .go();
  if (!mapping)
    throw refuse("fieldMapping", `Field mapping ${body.fieldMapping} does not exist.`, "import.no_mapping");
  const known = new Set((await readSettings()).customFields.map((f) => f.name));
  for (const m of mapping.mappings) {
    const field = customTargetName(m.toField);
    if (field !== null && !known.has(field))
      throw refuse(
        "fieldMapping",
        deletedCustomFieldMessage(mapping.name, m.fromField, field),
        "import.stale_mapping",
      );
  }
  const params: ImportParams = { key, mappingId: mapping.id, fileName: name };
  return startJob(IMPORT_KIND, params, { label: name });
}

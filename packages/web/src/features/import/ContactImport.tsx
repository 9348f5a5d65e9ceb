import {
  Alert,
  Anchor,
  Button,
  FileInput,
  Group,
  List,
  Loader,
  Paper,
  Progress,
  Select,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { FILE_TYPE_MESSAGE, UploadUrlBody } from "@reachcx/core/import/schema";
import { useMutation, useQuery } from "@tanstack/react-query";
import { getRouteApi, Link } from "@tanstack/react-router";
import { useCallback, useEffect, useState } from "react";
import * as v from "valibot";
import { ApiError, api, unwrap } from "../../lib/api.ts";
import { isActive, jobQuery, openReport } from "../jobs/api.ts";
import { JobProgress } from "../jobs/JobProgress.tsx";
import { importMappingsQuery } from "./mappings.ts";

const route = getRouteApi("/shell/gate/import");

type Uploaded = { contactsUrl: string; fileName: string };

const message = (err: unknown) =>
  err instanceof ApiError || err instanceof Error ? err.message : "Something went wrong.";

/**
 * PUTs the file to the signed link the API gives (S3 presigned on AWS, the embedded server's signed
 * /blobs/ PUT), reporting how much is sent; the bytes never pass through the API.
 */
async function upload(file: File, onProgress: (sent: number) => void): Promise<Uploaded> {
  const link = await unwrap(
    api.contacts.import["upload-url"].$post({ json: { fileName: file.name, size: file.size } }),
  );
  await new Promise<void>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("PUT", link.url);
    for (const [name, value] of Object.entries(link.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => onProgress(e.loaded);
    xhr.onload = () =>
      xhr.status >= 200 && xhr.status < 300
        ? resolve()
        : reject(new Error(`The upload was refused (${xhr.status}). Try again.`));
    xhr.onerror = () => reject(new Error("The upload failed: the connection was lost. Try again."));
    xhr.send(file);
  });
  return { contactsUrl: link.contactsUrl, fileName: link.fileName };
}

/**
 * Contact Import (spec 003 §2.4, §4 Import flow, §5): pick a field mapping (shown as 'from -> to' pairs;
 * 'No mappings created yet...' links to a new one), choose a CSV (upload disabled until a mapping is
 * chosen; 'File is not of the correct type' otherwise), it uploads, 'Import Contacts' starts the job, whose
 * live progress (rows read, imported, updated, rejected, bytes and time left) shows until it is processed;
 * then its report, the notice in the outbox, and 'Import another file'. A failure shows its error and
 * returns to upload-ready. The mapping and the running job are in the URL (?mapping=&job=).
 */
export function ContactImport() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const mappings = useQuery(importMappingsQuery());
  const [error, setError] = useState<string | null>(null);

  const items = mappings.data?.items ?? [];
  const chosen = items.find((m) => m.id === search.mapping) ?? null;

  const fail = useCallback(
    (why: string) => {
      setError(why);
      void navigate({ search: (s) => ({ mapping: s.mapping }) });
    },
    [navigate],
  );

  return (
    <Stack maw={900}>
      <Group gap="xs">
        <Title order={1} size="h2">
          Contact Import
        </Title>
        {mappings.isFetching && <Loader size="xs" aria-label="Loading" />}
      </Group>
      {error && (
        <Alert
          color="red"
          role="alert"
          title="The import failed"
          withCloseButton
          closeButtonLabel="Dismiss the error"
          onClose={() => setError(null)}
        >
          {error}
        </Alert>
      )}
      {search.job ? (
        <Processing
          id={search.job}
          onFailed={fail}
          onAnother={() => void navigate({ search: (s) => ({ mapping: s.mapping }) })}
        />
      ) : (
        <>
          {mappings.data && items.length === 0 ? (
            <Paper withBorder p="md">
              <Text>
                No mappings created yet...{" "}
                <Anchor
                  renderRoot={(props) => (
                    <Link {...props} to="/config/field-mappings/$id" params={{ id: "new" }} />
                  )}
                >
                  Create a field mapping
                </Anchor>
              </Text>
            </Paper>
          ) : (
            <Select
              label="Field Mapping"
              placeholder="Choose a mapping"
              w={360}
              searchable
              data={items.map((m) => ({ value: m.id, label: m.name }))}
              value={chosen?.id ?? null}
              onChange={(mapping) => {
                setError(null);
                void navigate({ search: mapping ? { mapping } : {} });
              }}
            />
          )}
          {chosen && (
            <Paper withBorder p="sm">
              <Text fw={500} size="sm" mb={4}>
                {chosen.name}
              </Text>
              <List size="sm" data-testid="mapping-pairs" listStyleType="none">
                {chosen.mappings.map((m) => (
                  <List.Item key={`${m.fromField}:${m.toField}`}>
                    {m.fromField} -&gt; {m.toField}
                  </List.Item>
                ))}
              </List>
            </Paper>
          )}
          <UploadStep
            key={chosen?.id ?? "none"}
            mapping={chosen?.id ?? null}
            onStarted={(job) => {
              setError(null);
              void navigate({ search: (s) => ({ mapping: s.mapping, job }) });
            }}
            onFailed={(why) => setError(why)}
          />
        </>
      )}
    </Stack>
  );
}

/** uploading -> uploaded ('Import Contacts') -> importing; a failure leaves it upload-ready. */
function UploadStep({
  mapping,
  onStarted,
  onFailed,
}: {
  mapping: string | null;
  onStarted: (job: string) => void;
  onFailed: (why: string) => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [sent, setSent] = useState(0);
  const [uploaded, setUploaded] = useState<Uploaded | null>(null);

  const reset = () => {
    setFile(null);
    setUploaded(null);
    setSent(0);
  };
  const sending = useMutation({
    mutationFn: (f: File) => upload(f, setSent),
    onSuccess: setUploaded,
    onError: (err) => {
      reset();
      onFailed(message(err));
    },
  });
  const starting = useMutation({
    mutationFn: (body: { contactsUrl: string; fieldMapping: string }) =>
      unwrap(api.contacts.import.$post({ json: body })),
    onSuccess: (job) => onStarted(job.id),
    onError: (err) => {
      reset();
      onFailed(message(err));
    },
  });

  const choose = (next: File | null) => {
    setUploaded(null);
    setSent(0);
    setFile(next);
    setFileError(null);
    if (!next) return;
    // Spec 003 §5: the name must end .csv; the size rules are the API's (empty, over 250 MB).
    const checked = v.safeParse(UploadUrlBody, { fileName: next.name, size: next.size });
    if (!checked.success) {
      setFileError(
        /\.csv$/i.test(next.name) ? (checked.issues[0]?.message ?? FILE_TYPE_MESSAGE) : FILE_TYPE_MESSAGE,
      );
      return;
    }
    sending.mutate(next);
  };

  const percent = file && file.size > 0 ? Math.floor((sent / file.size) * 100) : 0;
  return (
    <Stack gap="sm">
      <FileInput
        label="CSV file"
        placeholder={mapping ? "Choose a .csv file" : "Choose a mapping first"}
        accept=".csv,text/csv"
        w={360}
        clearable
        clearButtonProps={{ "aria-label": "Clear the file" }}
        disabled={!mapping || sending.isPending || starting.isPending}
        value={file}
        onChange={choose}
        error={fileError}
      />
      {sending.isPending && (
        <Stack gap={4} maw={360}>
          <Progress value={percent} animated aria-label="Uploading" />
          <Text size="sm" c="dimmed">
            Uploading {file?.name}… {percent}%
          </Text>
        </Stack>
      )}
      {uploaded && mapping && (
        <Group>
          <Text size="sm">Uploaded {file?.name}.</Text>
          <Button
            loading={starting.isPending}
            onClick={() => starting.mutate({ contactsUrl: uploaded.contactsUrl, fieldMapping: mapping })}
          >
            Import Contacts
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/** importing -> processed: the job's live progress, then its counts, report, notice and 'Import another file'. */
function Processing({
  id,
  onFailed,
  onAnother,
}: {
  id: string;
  onFailed: (why: string) => void;
  onAnother: () => void;
}) {
  const job = useQuery(jobQuery(id));
  const data = job.data;
  useEffect(() => {
    if (data?.state === "failed") onFailed(data.message ?? "The import failed.");
  }, [data?.state, data?.message, onFailed]);
  if (job.error)
    return (
      <Stack>
        <Alert color="red" role="alert">
          {message(job.error)}
        </Alert>
        <Group>
          <Button onClick={onAnother}>Import another file</Button>
        </Group>
      </Stack>
    );
  if (!data) return <Loader aria-label="Loading the import" />;
  const running = isActive(data.state);
  return (
    <Paper withBorder p="md">
      <Stack>
        <Text fw={600} role="status">
          {running
            ? `Processing ${data.label ?? "the file"}...`
            : data.state === "cancelled"
              ? `The import of ${data.label ?? "the file"} was cancelled; the rows imported before it stopped are kept.`
              : `Processed ${data.label ?? "the file"}.`}
        </Text>
        <JobProgress job={data} label={`Import of ${data.label ?? "the file"}`} />
        {running && (
          <Text size="sm" c="dimmed">
            You can leave this page: the import goes on, and its progress stays in Jobs. A notice with the
            counts is emailed when it ends.
          </Text>
        )}
        {!running && (
          <Stack gap="xs">
            {data.message && (
              <Text size="sm" data-testid="import-summary">
                {data.message}
              </Text>
            )}
            <Text size="sm">
              A notice with these counts was emailed to {data.createdBy}.{" "}
              <Anchor component={Link} to="/outbox" size="sm">
                Open the outbox
              </Anchor>
            </Text>
          </Stack>
        )}
        <Group>
          {data.hasReport && (
            <Button variant="light" onClick={() => void openReport(data.id)}>
              Error report
            </Button>
          )}
          {running && (
            <Anchor component={Link} to="/jobs" size="sm">
              Jobs
            </Anchor>
          )}
          {!running && <Button onClick={onAnother}>Import another file</Button>}
        </Group>
      </Stack>
    </Paper>
  );
}

import {
  Button,
  Checkbox,
  Group,
  MultiSelect,
  NumberInput,
  Paper,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import {
  DEFAULT_PATH,
  DEFAULT_PORT,
  DEFAULT_READY_TIMEOUT_MS,
  isCipher,
  SAVED_MESSAGE,
  SFTP_CIPHERS,
  SftpImportInput,
  saveFailedMessage,
} from "@reachcx/core/sftp/schema";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { fieldErrors } from "../../lib/api.ts";
import { schemaErrors } from "../../lib/validate.ts";
import {
  createSftpImport,
  mappingChoicesQuery,
  type SftpImportBody,
  type SftpImportRow,
  sftpKeys,
  updateSftpImport,
} from "./api.ts";
import { toast } from "./toast.ts";
import { useConnectionTest } from "./useConnectionTest.ts";

interface Values {
  name: string;
  host: string;
  port: number | string;
  username: string;
  password: string;
  privateKey: string;
  passphrase: string;
  path: string;
  fieldMappingId: string | null;
  fileNameToSource: boolean;
  ciphers: string[];
  readyTimeout: number | string;
  reportEmail: string;
}

const valuesOf = (row: SftpImportRow | null): Values => ({
  name: row?.name ?? "",
  host: row?.host ?? "",
  port: row?.port ?? DEFAULT_PORT,
  username: row?.username ?? "",
  password: row?.password ?? "",
  privateKey: row?.privateKey ?? "",
  passphrase: row?.passphrase ?? "",
  path: row?.path ?? DEFAULT_PATH,
  fieldMappingId: row?.fieldMappingId ?? null,
  fileNameToSource: row?.fileNameToSource ?? false,
  ciphers: row?.algorithms.cipher ?? [],
  readyTimeout: row?.readyTimeout ?? DEFAULT_READY_TIMEOUT_MS,
  reportEmail: row?.reportEmail ?? "",
});

/** A NumberInput's "" (cleared) is left out, so the schema's default applies. */
const numberOf = (value: number | string) => (value === "" ? undefined : Number(value));

const bodyOf = (values: Values): SftpImportBody => ({
  name: values.name,
  host: values.host,
  port: numberOf(values.port),
  username: values.username,
  password: values.password,
  privateKey: values.privateKey,
  passphrase: values.passphrase,
  path: values.path,
  fieldMappingId: values.fieldMappingId ?? "",
  fileNameToSource: values.fileNameToSource,
  algorithms: { cipher: values.ciphers.filter(isCipher) },
  readyTimeout: numberOf(values.readyTimeout),
  reportEmail: values.reportEmail,
});

/** The schema's paths are the body's; the ciphers sit under algorithms there. */
const formErrors = (errors: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(errors).map(([path, message]) => [
      path.startsWith("algorithms") ? "ciphers" : path,
      message,
    ]),
  );

/**
 * The SFTP import form (spec 001 §2.3, §4, §5) for a new connection (`row` null) or a saved one: every
 * field of spec 001 §3 FtpImport, Test Connection, Save (enabled only after a successful test; any edit
 * resets it) and Cancel. Secrets come back as ******** and stay so unless retyped (the server keeps them).
 */
export function ImportForm({ row, onClose }: { row: SftpImportRow | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const mappings = useQuery(mappingChoicesQuery());
  const test = useConnectionTest((errors) => form.setErrors(errors));
  const form = useForm<Values>({
    initialValues: valuesOf(row),
    validate: (values) => formErrors(schemaErrors(SftpImportInput)(bodyOf(values))),
    onValuesChange: () => test.reset(),
  });

  const save = useMutation({
    mutationFn: (body: SftpImportBody) => (row ? updateSftpImport(row.id, body) : createSftpImport(body)),
    onSuccess: () => {
      toast("green", SAVED_MESSAGE);
      void queryClient.invalidateQueries({ queryKey: sftpKeys.imports });
      onClose();
    },
    onError: (err) => {
      form.setErrors(formErrors(fieldErrors(err)));
      toast("red", saveFailedMessage((err as Error).message));
    },
  });

  const runTest = () => {
    const body = bodyOf(form.getValues());
    test.run({
      ...(row ? { id: row.id } : {}),
      host: body.host,
      port: body.port,
      username: body.username,
      password: body.password,
      privateKey: body.privateKey,
      passphrase: body.passphrase,
      path: body.path,
      algorithms: body.algorithms,
      readyTimeout: body.readyTimeout,
    });
  };

  const choices = (mappings.data?.items ?? []).map((m) => ({ value: m.id, label: m.name }));
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="sftp-import-form-title">
      <form onSubmit={form.onSubmit((values) => save.mutate(bodyOf(values)))} noValidate>
        <Stack>
          <Title order={3} id="sftp-import-form-title">
            {row ? `Edit ${row.name}` : "New SFTP Import"}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Name" required {...form.getInputProps("name")} key={form.key("name")} />
            <TextInput
              label="Import URL"
              description="Host name or IP address"
              required
              {...form.getInputProps("host")}
              key={form.key("host")}
            />
            <NumberInput
              label="Port"
              min={0}
              max={65535}
              allowDecimal={false}
              {...form.getInputProps("port")}
              key={form.key("port")}
            />
            <TextInput
              label="User Name"
              required
              {...form.getInputProps("username")}
              key={form.key("username")}
            />
            <PasswordInput
              label="Password"
              autoComplete="new-password"
              {...form.getInputProps("password")}
              key={form.key("password")}
            />
            <TextInput
              label="Folder"
              description="The folder the import reads"
              {...form.getInputProps("path")}
              key={form.key("path")}
            />
          </SimpleGrid>
          <Textarea
            label="Private Key"
            description="OpenSSH or PEM text; a password or a key is required"
            autosize
            minRows={2}
            maxRows={8}
            styles={{ input: { fontFamily: "monospace" } }}
            {...form.getInputProps("privateKey")}
            key={form.key("privateKey")}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <PasswordInput
              label="Key Passphrase"
              description="Only for an encrypted private key"
              autoComplete="new-password"
              {...form.getInputProps("passphrase")}
              key={form.key("passphrase")}
            />
            <Select
              label="Field Mapping"
              required
              data={choices}
              placeholder={
                mappings.isSuccess && choices.length === 0 ? "Create a field mapping first" : "Choose"
              }
              {...form.getInputProps("fieldMappingId")}
              key={form.key("fieldMappingId")}
            />
            <TextInput
              label="Report Email"
              type="email"
              {...form.getInputProps("reportEmail")}
              key={form.key("reportEmail")}
            />
            <NumberInput
              label="Ready Timeout (ms)"
              min={1000}
              max={20000}
              step={1000}
              allowDecimal={false}
              {...form.getInputProps("readyTimeout")}
              key={form.key("readyTimeout")}
            />
            <MultiSelect
              label="Ciphers"
              description="Empty: the server and client agree on one"
              data={[...SFTP_CIPHERS]}
              clearable
              {...form.getInputProps("ciphers")}
              key={form.key("ciphers")}
            />
          </SimpleGrid>
          <Checkbox
            label="Use the file name as the contacts' source"
            {...form.getInputProps("fileNameToSource", { type: "checkbox" })}
            key={form.key("fileNameToSource")}
          />
          {test.reason && (
            <Text size="sm" c="red.8" role="status">
              {test.reason}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button variant="default" onClick={runTest} loading={test.testing}>
              Test Connection
            </Button>
            <Button type="submit" disabled={!test.tested} loading={save.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

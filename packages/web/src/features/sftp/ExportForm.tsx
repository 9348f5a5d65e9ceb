import {
  Button,
  Group,
  Loader,
  NumberInput,
  Paper,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { DEFAULT_PORT, SAVED_MESSAGE, SftpExportInput, saveFailedMessage } from "@reachcx/core/sftp/schema";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { fieldErrors } from "../../lib/api.ts";
import { displayLocale } from "../../lib/format.ts";
import { schemaErrors } from "../../lib/validate.ts";
import {
  type SftpExportAnswer,
  type SftpExportBody,
  saveSftpExport,
  sftpExportQuery,
  sftpKeys,
} from "./api.ts";
import { testedToast, toast } from "./toast.ts";
import { useConnectionTest } from "./useConnectionTest.ts";

const CHECK_TO_EXPORT: Record<string, string> = {
  host: "ftpExportURL",
  username: "ftpExportUserName",
  password: "ftpExportPassword",
  privateKey: "ftpImportKey",
  port: "ftpExportPort",
};

interface Values {
  ftpExportURL: string;
  ftpExportUserName: string;
  ftpExportPassword: string;
  ftpImportKey: string;
  ftpExportPort: number | string;
}

const bodyOf = (values: Values): SftpExportBody => ({
  ...values,
  ftpExportPort: values.ftpExportPort === "" ? undefined : Number(values.ftpExportPort),
});

/**
 * The SFTP export form (spec 001 §2.3, §3 export values, §5 "SFTP export"): one target per tenant, with
 * the spec's field names. Like the import form, Save follows a successful Test Connection and any edit
 * resets it (docs/decisions.md, SFTP).
 */
export function ExportTab() {
  const target = useQuery(sftpExportQuery());
  // Spec 001 §8: a failed load says the same as a failed test.
  useEffect(() => {
    if (target.error) testedToast(false);
  }, [target.error]);
  if (target.data) return <ExportForm data={target.data} />;
  if (target.isError) return <Text c="red">The SFTP export could not be loaded.</Text>;
  return <Loader size="sm" aria-label="Loading" />;
}

function ExportForm({ data }: { data: SftpExportAnswer }) {
  const queryClient = useQueryClient();
  // The check speaks the import form's names; its errors land on the export's inputs.
  const test = useConnectionTest((errors) =>
    form.setErrors(
      Object.fromEntries(
        Object.entries(errors).map(([path, message]) => [CHECK_TO_EXPORT[path] ?? path, message]),
      ),
    ),
  );
  const form = useForm<Values>({
    initialValues: {
      ftpExportURL: data.ftpExportURL,
      ftpExportUserName: data.ftpExportUserName,
      ftpExportPassword: data.ftpExportPassword,
      ftpImportKey: data.ftpImportKey,
      ftpExportPort: data.configured ? data.ftpExportPort : DEFAULT_PORT,
    },
    validate: (values) => schemaErrors(SftpExportInput)(bodyOf(values)),
    onValuesChange: () => test.reset(),
  });

  const save = useMutation({
    mutationFn: saveSftpExport,
    onSuccess: (saved) => {
      toast("green", SAVED_MESSAGE);
      queryClient.setQueryData(sftpKeys.export, saved);
      form.resetDirty();
    },
    onError: (err) => {
      form.setErrors(fieldErrors(err));
      toast("red", saveFailedMessage((err as Error).message));
    },
  });

  const runTest = () => {
    const body = bodyOf(form.getValues());
    test.run({
      export: data.configured,
      host: body.ftpExportURL,
      port: body.ftpExportPort,
      username: body.ftpExportUserName,
      password: body.ftpExportPassword,
      privateKey: body.ftpImportKey,
    });
  };

  return (
    <Paper withBorder p="md">
      <form onSubmit={form.onSubmit((values) => save.mutate(bodyOf(values)))} noValidate>
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Export URL"
              description="Host name or IP address"
              required
              {...form.getInputProps("ftpExportURL")}
              key={form.key("ftpExportURL")}
            />
            <NumberInput
              label="Port"
              min={0}
              max={65535}
              allowDecimal={false}
              {...form.getInputProps("ftpExportPort")}
              key={form.key("ftpExportPort")}
            />
            <TextInput
              label="User Name"
              required
              {...form.getInputProps("ftpExportUserName")}
              key={form.key("ftpExportUserName")}
            />
            <PasswordInput
              label="Password"
              autoComplete="new-password"
              {...form.getInputProps("ftpExportPassword")}
              key={form.key("ftpExportPassword")}
            />
          </SimpleGrid>
          <Textarea
            label="Private Key"
            description="OpenSSH or PEM text; a password or a key is required"
            autosize
            minRows={2}
            maxRows={8}
            styles={{ input: { fontFamily: "monospace" } }}
            {...form.getInputProps("ftpImportKey")}
            key={form.key("ftpImportKey")}
          />
          {data.lastCheck && (
            <Text size="sm" c="dimmed">
              Last successful test:{" "}
              {new Date(data.lastCheck).toLocaleString(displayLocale(), {
                dateStyle: "medium",
                timeStyle: "short",
              })}
            </Text>
          )}
          {test.reason && (
            <Text size="sm" c="red.8" role="status">
              {test.reason}
            </Text>
          )}
          <Group justify="flex-end">
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

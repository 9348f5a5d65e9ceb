import { Badge, Button, Group, Select, Stack, Tabs, Text, TextInput, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import {
  DEFAULT_LIST_PATH,
  DEFAULT_REST_MAPPING,
  REST_METHODS,
  RestConnectionInput,
  type RestMethod,
  SALESFORCE_TEST_MESSAGE,
} from "@reachcx/core/rest-connection/schema";
import { useMutation, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { getRouteApi, Link, useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import * as v from "valibot";
import { fieldErrors } from "../../lib/api.ts";
import { schemaErrors } from "../../lib/validate.ts";
import { NEW_CONNECTION } from "../../routes/rest-connections.ts";
import { AuthPanel } from "./AuthPanel.tsx";
import {
  createRestConnection,
  type RestConnectionBody,
  restConnectionKeys,
  restConnectionQuery,
  testRestConnection,
  updateRestConnection,
} from "./api.ts";
import { type ConnectionValues, firstTabWithError, type Tab } from "./form.ts";
import { LogsPanel } from "./LogsPanel.tsx";
import { moveLogs, useTestLogs } from "./logs.ts";
import { RowsPanel } from "./RowsPanel.tsx";
import { SettingsPanel } from "./SettingsPanel.tsx";
import { NOT_SAVED_MESSAGE, SAVED_MESSAGE, toast } from "./toast.ts";

const route = getRouteApi("/shell/gate/config/rest-connections/$id");

/**
 * The REST connection editor (spec 001 §2.5, §4, §5): name, method and endpoint with Test, then the tabs
 * Authorization, Headers, Params, Settings and Logs. Checked with core's RestConnectionInput on submit
 * only; 'new' creates and moves to the new id, an existing connection saves and stays.
 */
export function RestConnectionEditor() {
  const { id } = route.useParams();
  return id === NEW_CONNECTION ? (
    <ConnectionEditor key={NEW_CONNECTION} id={null} initial={NEW_VALUES} />
  ) : (
    <ExistingConnection key={id} id={id} />
  );
}

const NEW_VALUES: ConnectionValues = {
  name: "",
  endpoint: "",
  method: "GET",
  headers: [],
  params: [],
  auth: { type: "None", info: {} },
  enabled: true,
  listPath: DEFAULT_LIST_PATH,
  mapping: DEFAULT_REST_MAPPING.map((row) => ({ ...row })),
};

function ExistingConnection({ id }: { id: string }) {
  const { data } = useSuspenseQuery(restConnectionQuery(id));
  const { tenant: _t, id: _i, createdAt: _c, updatedAt: _u, ...values } = data;
  return <ConnectionEditor id={id} initial={values} />;
}

function ConnectionEditor({ id, initial }: { id: string | null; initial: ConnectionValues }) {
  const isNew = id === null;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<Tab>("authorization");
  const logs = useTestLogs(id ?? NEW_CONNECTION);

  const form = useForm<ConnectionValues>({
    initialValues: structuredClone(initial),
    validate: schemaErrors(RestConnectionInput),
  });

  /** The API's field errors go on their inputs, and the first tab holding one opens. */
  const showErrors = (errors: Record<string, string>) => {
    form.setErrors(errors);
    const first = firstTabWithError(Object.keys(errors));
    if (first) setTab(first);
  };

  const save = useMutation({
    mutationFn: (body: RestConnectionBody) =>
      id === null ? createRestConnection(body) : updateRestConnection(id, body),
    onSuccess: (saved) => {
      toast("green", SAVED_MESSAGE);
      queryClient.setQueryData(restConnectionKeys.one(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: restConnectionKeys.lists });
      if (isNew) {
        moveLogs(NEW_CONNECTION, saved.id);
        void navigate({ to: "/config/rest-connections/$id", params: { id: saved.id } });
      } else {
        const { tenant: _t, id: _i, createdAt: _c, updatedAt: _u, ...values } = saved;
        form.setValues(values);
        form.resetDirty(values);
      }
    },
    onError: (err) => {
      const errors = fieldErrors(err);
      if (Object.keys(errors).length > 0) showErrors(errors);
      toast("red", NOT_SAVED_MESSAGE);
    },
  });

  const test = useMutation({
    mutationFn: () => {
      const { endpoint, method, headers, params, auth, listPath } = form.values;
      return testRestConnection({
        ...(id ? { id } : {}),
        endpoint,
        method,
        headers,
        params,
        auth,
        listPath,
      });
    },
    onSuccess: (entry) => {
      logs.add(entry);
      setTab("logs");
    },
    onError: (err) => {
      const errors = fieldErrors(err);
      if (Object.keys(errors).length > 0) showErrors(errors);
      toast("red", (err as Error).message);
    },
  });

  const submit = form.onSubmit(
    (values) => save.mutate(v.parse(RestConnectionInput, values)),
    (errors) => {
      const first = firstTabWithError(Object.keys(errors));
      if (first) setTab(first);
    },
  );
  const salesforce = form.values.auth.type === "SalesForce";

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Title order={2}>{isNew ? "New REST Connection" : `REST Connection: ${initial.name}`}</Title>
        <TextInput label="Name" required maw={420} {...form.getInputProps("name")} />
        <Group align="flex-start" wrap="nowrap">
          <Select
            label="Method"
            w={110}
            data={[...REST_METHODS]}
            allowDeselect={false}
            {...form.getInputProps("method")}
            onChange={(value) => value && form.setFieldValue("method", value as RestMethod)}
          />
          <TextInput
            label="Endpoint"
            required
            placeholder="https://api.example.com/contacts"
            style={{ flex: 1 }}
            {...form.getInputProps("endpoint")}
          />
          <Button
            mt={25}
            variant="default"
            onClick={() => test.mutate()}
            loading={test.isPending}
            disabled={salesforce}
          >
            Test
          </Button>
        </Group>
        {salesforce && (
          <Text size="sm" c="dimmed">
            {SALESFORCE_TEST_MESSAGE}
          </Text>
        )}
        <Tabs value={tab} onChange={(value) => value && setTab(value as Tab)} keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="authorization">Authorization</Tabs.Tab>
            <Tabs.Tab value="headers">Headers</Tabs.Tab>
            <Tabs.Tab value="params">Params</Tabs.Tab>
            <Tabs.Tab value="settings">Settings</Tabs.Tab>
            <Tabs.Tab
              value="logs"
              rightSection={
                <Badge size="sm" variant="filled" circle>
                  {logs.entries.length}
                </Badge>
              }
            >
              Logs
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="authorization" pt="md">
            <AuthPanel form={form} />
          </Tabs.Panel>
          <Tabs.Panel value="headers" pt="md">
            <RowsPanel form={form} field="headers" noun="Header" />
          </Tabs.Panel>
          <Tabs.Panel value="params" pt="md">
            <RowsPanel form={form} field="params" noun="Param" />
          </Tabs.Panel>
          <Tabs.Panel value="settings" pt="md">
            <SettingsPanel form={form} saved={initial.mapping.map((row) => row.to)} />
          </Tabs.Panel>
          <Tabs.Panel value="logs" pt="md">
            <LogsPanel entries={logs.entries} clear={logs.clear} />
          </Tabs.Panel>
        </Tabs>
        <Group>
          <Button type="submit" loading={save.isPending}>
            Save
          </Button>
          <Button component={Link} to="/config/rest-connections" variant="default">
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

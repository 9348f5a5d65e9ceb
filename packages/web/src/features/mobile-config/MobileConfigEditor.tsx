import {
  Button,
  Card,
  Group,
  PasswordInput,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import type { MobileConfiguration } from "@reachcx/core/push/api";
import {
  credentialErrors,
  MobileConfigurationInput,
  MobileConfigurationUpdate,
  NAME_FIXED_MESSAGE,
  PROJECT_CREATE_FAILED,
  PROJECT_SAVE_FAILED,
  PROJECT_SAVED,
} from "@reachcx/core/push/schema";
import { useMutation, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { getRouteApi, Link, useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import * as v from "valibot";
import { ApiError, fieldErrors } from "../../lib/api.ts";
import { schemaErrors } from "../../lib/validate.ts";
import { NEW_MOBILE_CONFIG } from "../../routes/mobile-config.ts";
import { createMobileConfig, mobileConfigKeys, mobileConfigQuery, updateMobileConfig } from "./api.ts";
import { useDeleteMobileConfig } from "./MobileConfigList.tsx";
import { toast } from "./toast.ts";

const route = getRouteApi("/shell/gate/config/mobile-config/$id");

interface FormValues {
  name: string;
  description: string;
  androidEnabled: boolean;
  androidApiKey: string;
  iosEnabled: boolean;
  certificate: string;
  privateKey: string;
}

/**
 * The mobile application editor (spec 001 §2.6, §4, §5, §8): name and description, and a Channels card
 * with Android (API key) and iOS (certificate and private key). The name is fixed after creation; the
 * credentials are write-only (the placeholder says whether the platform holds them) and required when a
 * channel is newly enabled or its settings panel is opened. Saving runs on the server: project, changed
 * channels, record, each failure answered with the spec's sentence.
 */
export function MobileConfigEditor() {
  const { id } = route.useParams();
  return id === NEW_MOBILE_CONFIG ? <MobileConfigForm stored={null} /> : <ExistingConfig key={id} id={id} />;
}

function ExistingConfig({ id }: { id: string }) {
  const { data } = useSuspenseQuery(mobileConfigQuery(id));
  return <MobileConfigForm key={data.updatedAt} stored={data} />;
}

const blankSecrets = { androidApiKey: "", certificate: "", privateKey: "" };

function MobileConfigForm({ stored }: { stored: MobileConfiguration | null }) {
  const isNew = stored === null;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const was = { androidEnabled: stored?.androidEnabled ?? false, iosEnabled: stored?.iosEnabled ?? false };
  // A channel's settings panel: open, its credentials are required (spec 001 §4).
  const [open, setOpen] = useState({ android: false, ios: false });
  const confirmDelete = useDeleteMobileConfig(() => void navigate({ to: "/config/mobile-config" }));

  const schema = isNew ? MobileConfigurationInput : MobileConfigurationUpdate;
  const form = useForm<FormValues>({
    initialValues: {
      name: stored?.name ?? "",
      description: stored?.description ?? "",
      androidEnabled: was.androidEnabled,
      iosEnabled: was.iosEnabled,
      ...blankSecrets,
    },
    validate: (values) => {
      const errors = schemaErrors(schema)(values);
      for (const { path, message } of credentialErrors(was, values, open)) errors[path] ??= message;
      return errors;
    },
  });

  const save = useMutation({
    mutationFn: (values: FormValues) =>
      stored === null
        ? createMobileConfig(v.parse(MobileConfigurationInput, values))
        : updateMobileConfig(stored.id, v.parse(MobileConfigurationUpdate, values)),
    onSuccess: (saved) => {
      toast("green", PROJECT_SAVED);
      queryClient.setQueryData(mobileConfigKeys.one(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: [...mobileConfigKeys.all, "list"] });
      if (isNew) void navigate({ to: "/config/mobile-config/$id", params: { id: saved.id } });
    },
    onError: (err) => {
      // Field errors land on their inputs; a platform step's failure is the spec's sentence, said as the API
      // said it; anything else is the spec's generic one.
      const errors = fieldErrors(err);
      if (Object.keys(errors).length > 0) form.setErrors(errors);
      else if (err instanceof ApiError && err.status === 400) toast("red", err.message);
      else toast("red", isNew ? PROJECT_CREATE_FAILED : PROJECT_SAVE_FAILED);
    },
  });

  const toggle = (channel: "android" | "ios", enabled: boolean) => {
    form.setFieldValue(channel === "android" ? "androidEnabled" : "iosEnabled", enabled);
    // Newly enabled: its credentials are needed, so its panel opens.
    const before = channel === "android" ? was.androidEnabled : was.iosEnabled;
    if (enabled && !before) setOpen((o) => ({ ...o, [channel]: true }));
  };
  const closePanel = (channel: "android" | "ios") => {
    setOpen((o) => ({ ...o, [channel]: false }));
    if (channel === "android") form.setFieldValue("androidApiKey", "");
    else form.setValues({ certificate: "", privateKey: "" });
    form.clearErrors();
  };
  // A closed panel sends no credentials: the platform keeps what it holds.
  const submit = form.onSubmit((values) =>
    save.mutate({
      ...values,
      androidApiKey: open.android ? values.androidApiKey : "",
      certificate: open.ios ? values.certificate : "",
      privateKey: open.ios ? values.privateKey : "",
    }),
  );
  const held = (set: boolean | undefined) => (set ? "set" : "not set");

  return (
    <form onSubmit={submit} noValidate>
      <Stack maw={900}>
        <Title order={2}>{isNew ? "New Mobile Application" : `Mobile Application: ${stored.name}`}</Title>
        <Card withBorder>
          <Stack>
            <TextInput
              label="Project Name"
              required={isNew}
              readOnly={!isNew}
              description={isNew ? undefined : NAME_FIXED_MESSAGE}
              maw={420}
              {...form.getInputProps("name")}
            />
            <Textarea label="Description" autosize minRows={2} {...form.getInputProps("description")} />
          </Stack>
        </Card>
        <Card withBorder>
          <Stack>
            <Title order={3}>Channels</Title>
            <SimpleGrid cols={{ base: 1, md: 2 }}>
              <Stack gap="xs" data-testid="android-channel">
                <Title order={4}>Android</Title>
                <Switch
                  label="Android enabled"
                  checked={form.values.androidEnabled}
                  onChange={(e) => toggle("android", e.currentTarget.checked)}
                />
                <Text size="sm" c="dimmed">
                  API key: {held(stored?.androidApiKeySet)}
                </Text>
                {open.android ? (
                  <>
                    <PasswordInput
                      label="API Key"
                      required
                      autoComplete="new-password"
                      placeholder={held(stored?.androidApiKeySet)}
                      {...form.getInputProps("androidApiKey")}
                    />
                    <Group>
                      <Button variant="default" size="xs" onClick={() => closePanel("android")}>
                        Keep current API key
                      </Button>
                    </Group>
                  </>
                ) : (
                  <Group>
                    <Button
                      variant="default"
                      size="xs"
                      onClick={() => setOpen((o) => ({ ...o, android: true }))}
                    >
                      {stored?.androidApiKeySet ? "Change API key" : "Set API key"}
                    </Button>
                  </Group>
                )}
              </Stack>
              <Stack gap="xs" data-testid="ios-channel">
                <Title order={4}>iOS</Title>
                <Switch
                  label="iOS enabled"
                  checked={form.values.iosEnabled}
                  onChange={(e) => toggle("ios", e.currentTarget.checked)}
                />
                <Text size="sm" c="dimmed">
                  Certificate and private key: {held(stored?.iosCredentialsSet)}
                </Text>
                {open.ios ? (
                  <>
                    <Textarea
                      label="Certificate"
                      required
                      autosize
                      minRows={3}
                      spellCheck={false}
                      autoComplete="off"
                      placeholder={held(stored?.iosCredentialsSet)}
                      {...form.getInputProps("certificate")}
                    />
                    <Textarea
                      label="Private Key"
                      required
                      autosize
                      minRows={3}
                      spellCheck={false}
                      autoComplete="off"
                      placeholder={held(stored?.iosCredentialsSet)}
                      {...form.getInputProps("privateKey")}
                    />
                    <Group>
                      <Button variant="default" size="xs" onClick={() => closePanel("ios")}>
                        Keep current certificate
                      </Button>
                    </Group>
                  </>
                ) : (
                  <Group>
                    <Button variant="default" size="xs" onClick={() => setOpen((o) => ({ ...o, ios: true }))}>
                      {stored?.iosCredentialsSet ? "Change certificate" : "Set certificate"}
                    </Button>
                  </Group>
                )}
              </Stack>
            </SimpleGrid>
          </Stack>
        </Card>
        <Group>
          <Button type="submit" loading={save.isPending}>
            Save
          </Button>
          <Button component={Link} to="/config/mobile-config" variant="default">
            Cancel
          </Button>
          {stored && (
            <Button color="red" variant="outline" ml="auto" onClick={() => confirmDelete(stored)}>
              Delete
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}

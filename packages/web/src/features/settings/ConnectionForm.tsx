import { Button, Group, PasswordInput, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { CONNECTION_SUCCESSFUL, CONNECTION_UNSUCCESSFUL } from "@reachcx/core/cxone/api";
import { CloudConnection, formOf, LegacyConnection, type Product } from "@reachcx/core/tenant/telephony";
import { useMutation, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { ApiError, fieldErrors } from "../../lib/api.ts";
import { schemaErrors } from "../../lib/validate.ts";
import { meKeys } from "../auth/api.ts";
import {
  type ConnectionTestBody,
  connectionDefaultsQuery,
  patchTenantSettings,
  type TenantSettingsPatch,
  tenantSettingsQuery,
  testConnection,
} from "./api.ts";

/** Spec 000 §9: the connection-failure toast stays 5 seconds. */
const FAILURE_TOAST_MS = 5000;

/** Spec 000 §9: text inputs are at least 350px wide. */
const INPUT_WIDTH = 350;

type Field =
  | "icUserName"
  | "icPassword"
  | "icBU"
  | "icApp"
  | "icVendor"
  | "icGetAuthTokenURL"
  | "icAccessKey"
  | "icAppSecret"
  | "icAPIOverride"
  | "icDiscoveryDomain";

interface FieldSpec {
  name: Field;
  label: string;
  secret?: boolean;
  description?: string;
}

/** Spec 000 §2: the fields of each form, in the order shown. */
const FIELDS: Record<"legacy" | "cloud", FieldSpec[]> = {
  legacy: [
    { name: "icUserName", label: "User Name" },
    { name: "icPassword", label: "Password", secret: true },
    { name: "icBU", label: "Business Unit", description: "7 digits" },
    { name: "icApp", label: "Application" },
    { name: "icVendor", label: "Vendor" },
    { name: "icGetAuthTokenURL", label: "Authentication Token URL" },
  ],
  cloud: [
    { name: "icBU", label: "Business Unit", description: "7 to 9 digits" },
    { name: "icAccessKey", label: "Access Key" },
    { name: "icAppSecret", label: "Application Secret", secret: true },
    { name: "icAPIOverride", label: "API Override", description: "Optional" },
    {
      name: "icDiscoveryDomain",
      label: "Discovery Domain",
      description: "Optional: the platform's when empty",
    },
  ],
};

type Values = Partial<Record<Field, string>>;
type Settings = Partial<Record<Field, string | null | undefined>>;

/**
 * The product's connection form (spec 000 §2, §4, §5): the core schema validates it, Test Connection asks
 * the server to try it (POST /api/login/nic/test), and Save is enabled only after a successful test; any
 * edit disables it again. A stored secret shows as the mask and is sent back as such unless retyped, which
 * the server reads as "keep the stored one" for both the test and the save.
 */
export function ConnectionForm({ product, settings }: { product: Product; settings: Settings }) {
  const queryClient = useQueryClient();
  const form = formOf(product);
  const fields = FIELDS[form];
  const schema = form === "legacy" ? LegacyConnection : CloudConnection;
  const { data: defaults } = useSuspenseQuery(connectionDefaultsQuery());
  const [tested, setTested] = useState(false);
  // The saved values; a legacy form with no token URL starts at the platform's (spec 000 §9).
  const valuesOf = (stored: Settings): Values =>
    Object.fromEntries(
      fields.map((f) => [
        f.name,
        stored[f.name] ?? (f.name === "icGetAuthTokenURL" ? defaults.legacyTokenUrl : ""),
      ]),
    );
  const saved = valuesOf(settings);
  const values = useForm<Values>({
    initialValues: saved,
    validate: (v) => schemaErrors(schema)({ icProduct: product, ...v }),
    // Any edit means the tested connection is no longer the one shown (spec 000 §4, Connection test).
    onValuesChange: () => setTested(false),
  });

  // When the saved values change (here or in another tab), a form holding no edits follows them.
  const savedKey = JSON.stringify(saved);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the form object is new each render; only the saved values matter
  useEffect(() => {
    if (values.isDirty()) return;
    values.setInitialValues(saved);
    values.reset();
  }, [savedKey]);

  const test = useMutation({
    mutationFn: () => testConnection(testBody(product, values.getValues())),
    onSuccess: (answer) => {
      setTested(answer.success);
      if (answer.success) notifications.show({ color: "green", message: CONNECTION_SUCCESSFUL });
      else failureToast();
    },
    onError: (err) => {
      setTested(false);
      if (err instanceof ApiError) values.setErrors(fieldErrors(err));
      failureToast();
    },
  });

  const save = useMutation({
    mutationFn: () => patchTenantSettings(savePatch(product, values.getValues())),
    onSuccess: (data) => {
      queryClient.setQueryData(tenantSettingsQuery().queryKey, data);
      // The form now shows what is saved (a typed secret becomes the mask); a new test enables Save again.
      values.setInitialValues(valuesOf(data));
      values.reset();
      setTested(false);
      // The landing page depends on the business unit (spec 003 §6).
      void queryClient.invalidateQueries({ queryKey: meKeys.all });
      notifications.show({ color: "green", message: "Save Successful." });
    },
    onError: (err) => {
      if (err instanceof ApiError) values.setErrors(fieldErrors(err));
      notifications.show({ color: "red", message: `Save Failed. ${(err as Error).message}` });
    },
  });

  return (
    <form
      aria-label={form === "legacy" ? "Legacy connection" : "Cloud connection"}
      onSubmit={values.onSubmit(() => save.mutate())}
    >
      <Stack gap="sm">
        {fields.map((f) =>
          f.secret ? (
            <PasswordInput
              key={f.name}
              label={f.label}
              miw={INPUT_WIDTH}
              maw={520}
              {...values.getInputProps(f.name)}
            />
          ) : (
            <TextInput
              key={f.name}
              label={f.label}
              description={f.description}
              miw={INPUT_WIDTH}
              maw={520}
              {...values.getInputProps(f.name)}
            />
          ),
        )}
        <Group>
          <Button
            variant="default"
            loading={test.isPending}
            onClick={() => {
              if (!values.validate().hasErrors) test.mutate();
            }}
          >
            Test Connection
          </Button>
          <Button type="submit" loading={save.isPending} disabled={!tested}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

const failureToast = () =>
  notifications.show({ color: "red", message: CONNECTION_UNSUCCESSFUL, autoClose: FAILURE_TOAST_MS });

const text = (value: string | undefined) => (value ?? "").trim();
/** Spec 000 §4, Save step 1: empty strings become null. */
const orNull = (value: string | undefined) => text(value) || null;

function testBody(product: Product, v: Values): ConnectionTestBody {
  if (product === "Legacy")
    return {
      icProduct: "Legacy",
      icUserName: text(v.icUserName),
      icPassword: text(v.icPassword),
      icBU: text(v.icBU),
      icApp: text(v.icApp),
      icVendor: text(v.icVendor),
      icGetAuthTokenURL: text(v.icGetAuthTokenURL),
    };
  return {
    icProduct: product,
    icBU: text(v.icBU),
    icAccessKey: text(v.icAccessKey),
    icAppSecret: text(v.icAppSecret),
    icAPIOverride: orNull(v.icAPIOverride),
    icDiscoveryDomain: orNull(v.icDiscoveryDomain),
  };
}

/**
 * Spec 000 §4, Save: the form's fields with empty strings as null; the server removes the other product's
 * fields when the product is saved (docs/decisions.md, Telephony settings).
 */
function savePatch(product: Product, v: Values): TenantSettingsPatch {
  if (product === "Legacy")
    return {
      icProduct: "Legacy",
      icUserName: orNull(v.icUserName),
      icPassword: orNull(v.icPassword),
      icBU: orNull(v.icBU),
      icApp: orNull(v.icApp),
      icVendor: orNull(v.icVendor),
      icGetAuthTokenURL: orNull(v.icGetAuthTokenURL),
    };
  return {
    icProduct: product,
    icBU: orNull(v.icBU),
    icAccessKey: orNull(v.icAccessKey),
    icAppSecret: orNull(v.icAppSecret),
    icAPIOverride: orNull(v.icAPIOverride),
    icDiscoveryDomain: orNull(v.icDiscoveryDomain),
  };
}

import { PasswordInput, SegmentedControl, Select, Stack, Text, TextInput } from "@mantine/core";
import {
  AUTH_TYPE_LABELS,
  AUTH_TYPES,
  type AuthType,
  defaultAuth,
  SALESFORCE_TEST_MESSAGE,
} from "@reachcx/core/rest-connection/schema";
import type { ConnectionForm } from "./form.ts";

/**
 * The Authorization tab (spec 001 §3 auth types): the type and that type's fields; choosing another type
 * resets the fields to its defaults (spec 001 §4). Secrets show as the API's mask until retyped.
 */
export function AuthPanel({ form }: { form: ConnectionForm }) {
  const auth = form.values.auth;
  const input = (field: string) => form.getInputProps(`auth.info.${field}`);
  return (
    <Stack maw={520}>
      <Select
        label="Type"
        data={AUTH_TYPES.map((type) => ({ value: type, label: AUTH_TYPE_LABELS[type] }))}
        value={auth.type}
        allowDeselect={false}
        onChange={(type) => type && form.setFieldValue("auth", defaultAuth(type as AuthType))}
      />
      {auth.type === "None" && (
        <Text c="dimmed" size="sm">
          This request sends no authorization.
        </Text>
      )}
      {auth.type === "API_Key" && (
        <>
          <TextInput label="Key" required {...input("key")} />
          <PasswordInput label="Value" {...input("value")} />
          <div>
            <Text size="sm" fw={500} id="api-key-add-to">
              Add to
            </Text>
            <SegmentedControl
              aria-labelledby="api-key-add-to"
              data={[
                { value: "header", label: "Header" },
                { value: "queryParams", label: "Query Params" },
              ]}
              {...input("addTo")}
            />
          </div>
        </>
      )}
      {auth.type === "Bearer_Token" && <PasswordInput label="Token" {...input("token")} />}
      {auth.type === "Basic_Auth" && (
        <>
          <TextInput label="Username" {...input("username")} />
          <PasswordInput label="Password" {...input("password")} />
        </>
      )}
      {auth.type === "SalesForce" && (
        <>
          <TextInput label="Username" {...input("username")} />
          <TextInput label="Login URL" {...input("loginUrl")} />
          <TextInput label="Issuer" {...input("issuer")} />
          <Text c="dimmed" size="sm">
            {SALESFORCE_TEST_MESSAGE}
          </Text>
        </>
      )}
    </Stack>
  );
}

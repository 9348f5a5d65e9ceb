import {
  Alert,
  Button,
  Fieldset,
  Group,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TextInput,
  Title,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { RIGHT_LABEL } from "@reachcx/core/rights/access";
import { RIGHTS } from "@reachcx/core/rights/index";
import { CreateUser as CreateUserSchema, USER_CREATED, userCreationFailed } from "@reachcx/core/user/schema";
import { useQuery } from "@tanstack/react-query";
import { getRouteApi } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { fieldErrors } from "../../lib/api.ts";
import { rule } from "../../lib/validate.ts";
import { createUser, tenantListQuery } from "./api.ts";

const route = getRouteApi("/shell/gate/admin/CreateUser");
const fields = CreateUserSchema.entries;
/** The picker offers up to this many tenants (the API's largest page). */
const PICKER_LIMIT = 500;

const blank = (tenant = "") => ({
  tenant,
  name: "",
  email: "",
  password: "",
  tenantRole: "",
  company: "",
  rights: Object.fromEntries(RIGHTS.map((r) => [r, false])) as Record<(typeof RIGHTS)[number], boolean>,
});

/** securityRights: the four switches, 0 or 1, joined by a pipe in the spec's order (spec 003 §3). */
const rightsString = (rights: Record<(typeof RIGHTS)[number], boolean>) =>
  RIGHTS.map((r) => (rights[r] ? "1" : "0")).join("|");

/**
 * Create User (spec 003 §2.9, §5): a user of a tenant with a temporary password, which they replace at
 * their first sign-in. The tenant can be picked ahead through ?tenant= (the tenant list's + User).
 */
export function CreateUser() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const tenants = useQuery(tenantListQuery(PICKER_LIMIT, undefined));
  const [failure, setFailure] = useState<string>();
  const form = useForm({
    initialValues: blank(search.tenant),
    validate: {
      tenant: rule(fields.tenant),
      name: rule(fields.name),
      email: rule(fields.email),
      password: rule(fields.password),
      tenantRole: rule(fields.tenantRole),
      company: rule(fields.company),
    },
  });

  // A tenant picked ahead (?tenant=) fills the company with its name once the tenants are loaded.
  const loaded = tenants.data;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once the list arrives, not on every keystroke.
  useEffect(() => {
    const { tenant, company } = form.getValues();
    const picked = loaded?.items.find((t) => t.id === tenant);
    if (picked && !company) form.setFieldValue("company", picked.name);
  }, [loaded]);

  const pickTenant = (id: string | null) => {
    form.setFieldValue("tenant", id ?? "");
    const picked = tenants.data?.items.find((t) => t.id === id);
    if (picked && !form.getValues().company) form.setFieldValue("company", picked.name);
    void navigate({ search: id ? { tenant: id } : {}, replace: true });
  };

  const submit = form.onSubmit(async ({ rights, ...values }) => {
    setFailure(undefined);
    try {
      const created = await createUser({ ...values, securityRights: rightsString(rights) });
      notifications.show({ color: "green", message: USER_CREATED });
      form.setValues(blank(created.tenant));
      form.resetDirty();
    } catch (err) {
      form.setErrors(fieldErrors(err));
      const message = userCreationFailed((err as Error).message);
      setFailure(message);
      notifications.show({ color: "red", message, autoClose: 5000 });
    }
  });

  return (
    <Stack maw={720}>
      <Title order={1} size="h2">
        Create User
      </Title>
      <form onSubmit={submit} noValidate>
        <Stack>
          {failure && <Alert color="red">{failure}</Alert>}
          <Select
            label="Tenant"
            withAsterisk
            searchable
            placeholder={tenants.isLoading ? "Loading tenants..." : "Pick a tenant"}
            data={(tenants.data?.items ?? []).map((t) => ({
              value: t.id,
              label: t.status === "Active" ? `${t.name} (${t.id})` : `${t.name} (${t.id}, disabled)`,
            }))}
            {...form.getInputProps("tenant")}
            onChange={pickTenant}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Name" withAsterisk autoComplete="off" {...form.getInputProps("name")} />
            <TextInput
              label="Email"
              withAsterisk
              type="email"
              autoComplete="off"
              {...form.getInputProps("email")}
            />
            <PasswordInput
              label="Temporary Password"
              withAsterisk
              autoComplete="new-password"
              description="At least 8 characters; the user chooses their own at first sign-in."
              {...form.getInputProps("password")}
            />
            <TextInput
              label="Tenant Role"
              withAsterisk
              placeholder="Admin"
              {...form.getInputProps("tenantRole")}
            />
            <TextInput label="Company" withAsterisk {...form.getInputProps("company")} />
          </SimpleGrid>
          <Fieldset legend="Security Rights">
            <Group>
              {RIGHTS.map((right) => (
                <Switch
                  key={right}
                  label={RIGHT_LABEL[right]}
                  {...form.getInputProps(`rights.${right}`, { type: "checkbox" })}
                />
              ))}
            </Group>
          </Fieldset>
          <Group justify="flex-end">
            <Button type="submit" loading={form.submitting}>
              Create User
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}

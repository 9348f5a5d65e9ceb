import { Alert, Button, Fieldset, Group, Modal, MultiSelect, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { LICENSES } from "@reachcx/core/rights/index";
import {
  TENANT_CREATED,
  TENANT_UPDATED,
  TenantId,
  TenantLicenses,
  tenantCreateFailed,
  tenantUpdateFailed,
} from "@reachcx/core/tenant/admin-schema";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { fieldErrors } from "../../lib/api.ts";
import { rule } from "../../lib/validate.ts";
import { createTenant, type TenantRow, tenantKeys, updateTenant } from "./api.ts";

/**
 * Create Tenant and Edit Tenant (spec 003 §2.9): Tenant ID (read-only on edit), Name, the Licenses
 * multi-select, and the Billing Overrides placeholders the spec marks as coming soon.
 */
export function TenantDialog({ tenant, onClose }: { tenant: TenantRow | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const isNew = tenant === null;
  const [failure, setFailure] = useState<string>();
  const form = useForm({
    initialValues: {
      tenantId: tenant?.id ?? "",
      name: tenant?.name ?? "",
      licenses: tenant?.licenses ?? ([] as string[]),
    },
    validate: {
      tenantId: rule(TenantId),
      licenses: rule(TenantLicenses),
      name: (value) => (value.trim().length > 100 ? "Tenant name must be 100 characters or less" : null),
    },
  });

  const submit = form.onSubmit(async (values) => {
    setFailure(undefined);
    const name = values.name.trim();
    const body = {
      tenantId: values.tenantId.trim(),
      licenses: values.licenses as (typeof LICENSES)[number][],
      ...(name ? { name } : {}),
    };
    try {
      if (isNew) await createTenant(body);
      else await updateTenant(body);
      await queryClient.invalidateQueries({ queryKey: tenantKeys.all });
      notifications.show({ color: "green", message: isNew ? TENANT_CREATED : TENANT_UPDATED });
      onClose();
    } catch (err) {
      form.setErrors(fieldErrors(err));
      const message = (isNew ? tenantCreateFailed : tenantUpdateFailed)((err as Error).message);
      setFailure(message);
      notifications.show({ color: "red", message, autoClose: 5000 });
    }
  });

  return (
    <Modal opened onClose={onClose} title={isNew ? "Create Tenant" : "Edit Tenant"} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          {failure && <Alert color="red">{failure}</Alert>}
          <TextInput
            label="Tenant ID"
            withAsterisk
            readOnly={!isNew}
            description={isNew ? "Lowercase letters, numbers and dashes." : "A tenant's id cannot change."}
            {...form.getInputProps("tenantId")}
          />
          <TextInput
            label="Name"
            description="Shown in the list; the id when left empty."
            {...form.getInputProps("name")}
          />
          <MultiSelect
            label="Licenses"
            withAsterisk
            data={[...LICENSES]}
            placeholder="Select licenses"
            {...form.getInputProps("licenses")}
          />
          <Fieldset legend="Billing Overrides">
            <Stack gap="xs">
              <TextInput label="Minimums (coming soon)" disabled placeholder="Minimums (coming soon)" />
              <TextInput label="Nice Sku (coming soon)" disabled placeholder="Nice Sku (coming soon)" />
            </Stack>
          </Fieldset>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={form.submitting}>
              {isNew ? "Create" : "Save"}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

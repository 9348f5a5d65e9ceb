import { Button, Card, Group, Stack, Text, TextInput, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { BusinessUnit } from "@reachcx/core/tenant/schema";
import { useMutation, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { fieldErrors } from "../../lib/api.ts";
import { rule } from "../../lib/validate.ts";
import { meKeys } from "../auth/api.ts";
import { patchTenantSettings, tenantSettingsQuery } from "./api.ts";

const businessUnit = rule(BusinessUnit);

/**
 * The configuration home. The contact-center connection forms (spec 000 §2) arrive with their issue; for
 * now it shows the organization, and the business unit once, in its form, which follows the stored value
 * (live from the change feed) while it holds no edits.
 */
export function Telephony() {
  const queryClient = useQueryClient();
  // The route's loader fetched it; the change feed refetches it when it changes anywhere.
  const { data } = useSuspenseQuery(tenantSettingsQuery());
  const stored = data.icBU ?? "";
  const form = useForm({
    initialValues: { icBU: stored },
    // Empty clears the business unit; anything else is 7 to 9 digits (spec 000 §5).
    validate: { icBU: (value) => (value.trim() ? businessUnit(value.trim()) : null) },
  });

  // When the stored value changes (here or in another tab), the form follows it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the form object is new each render; only the value matters
  useEffect(() => {
    form.setInitialValues({ icBU: stored });
    form.reset();
  }, [stored]);

  const save = useMutation({
    mutationFn: (icBU: string) => patchTenantSettings({ icBU: icBU.trim() || null }),
    onSuccess: (data) => {
      queryClient.setQueryData(tenantSettingsQuery().queryKey, data);
      // The landing page depends on the business unit (spec 003 §6).
      void queryClient.invalidateQueries({ queryKey: meKeys.all });
      notifications.show({ color: "green", message: "Save Successful." });
    },
    onError: (err) => {
      form.setErrors(fieldErrors(err));
      notifications.show({ color: "red", message: `Save Failed. ${(err as Error).message}` });
    },
  });

  return (
    <Stack maw={760}>
      <Title order={2}>Telephony</Title>
      <Card withBorder>
        <Stack gap="xs">
          <Title order={3} size="h4">
            Organization
          </Title>
          <Text>
            <b>Company:</b> {String(data.company ?? "")}
          </Text>
          <Text>
            <b>Tenant:</b> {data.id}
          </Text>
        </Stack>
      </Card>
      <Card withBorder>
        <form onSubmit={form.onSubmit((v) => save.mutate(v.icBU))}>
          <Stack>
            <Title order={3} size="h4">
              Contact-center business unit
            </Title>
            <TextInput
              label="Business Unit"
              description="Your CXone business unit number, 7 to 9 digits."
              placeholder="Not set"
              {...form.getInputProps("icBU")}
            />
            <Group>
              <Button type="submit" loading={save.isPending} disabled={!form.isDirty()}>
                Save
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}

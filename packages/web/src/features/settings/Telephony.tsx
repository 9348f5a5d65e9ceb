import { Button, Card, Group, Loader, Stack, Text, TextInput, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { fieldErrors } from "../../lib/api.ts";
import { patchTenantSettings, tenantSettingsQuery } from "./api.ts";

/**
 * The configuration home. The contact-center connection forms (spec 000 §2) arrive with their issue; for
 * now it shows the organization and its business unit, which live-update from the change feed.
 */
export function Telephony() {
  const queryClient = useQueryClient();
  const settings = useQuery(tenantSettingsQuery());
  const form = useForm({ initialValues: { icBU: "" } });

  // When the stored value changes (here or in another tab), the form follows it.
  const stored = settings.data?.icBU ?? "";
  // biome-ignore lint/correctness/useExhaustiveDependencies: the form object is new each render; only the value matters
  useEffect(() => {
    form.setInitialValues({ icBU: stored });
    form.reset();
  }, [stored]);

  const save = useMutation({
    mutationFn: (icBU: string) => patchTenantSettings({ icBU: icBU.trim() || null }),
    onSuccess: (data) => {
      queryClient.setQueryData(tenantSettingsQuery().queryKey, data);
      void queryClient.invalidateQueries({ queryKey: ["me"] });
      notifications.show({ color: "green", message: "Save Successful." });
    },
    onError: (err) => {
      form.setErrors(fieldErrors(err));
      notifications.show({ color: "red", message: `Save Failed. ${(err as Error).message}` });
    },
  });

  if (settings.isPending) return <Loader />;
  if (settings.isError) return <Text c="red">{settings.error.message}</Text>;
  const data = settings.data;

  return (
    <Stack maw={760}>
      <Title order={2}>Telephony</Title>
      <Card withBorder>
        <Stack gap="xs">
          <Title order={4}>Organization</Title>
          <Text>
            <b>Company:</b> {String(data.company ?? "")}
          </Text>
          <Text>
            <b>Tenant:</b> {data.id}
          </Text>
          <Text>
            <b>Business Unit:</b> <span data-testid="tenant-icbu">{data.icBU ?? "not set"}</span>
          </Text>
        </Stack>
      </Card>
      <Card withBorder>
        <form onSubmit={form.onSubmit((v) => save.mutate(v.icBU))}>
          <Stack>
            <Title order={4}>Contact-center business unit</Title>
            <TextInput
              label="Business Unit"
              description="Your CXone business unit number, 7 to 9 digits."
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

import { Button, Group, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { useSuspenseQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { dynamicsCredentialsQuery } from "./api.ts";

const FIELDS = [
  ["onPremAccessUrl", "On-Prem Alternate URL"],
  ["onPremAuthUrl", "On-Prem Auth URL"],
  ["onPremVersion", "Dynamics Version"],
  ["e2DynamTenantId", "Tenant ID"],
  ["e2ClientId", "Client ID"],
  ["e2ClientSecret", "App Secret"],
] as const;

/**
 * The Dynamics Credentials view (spec 000 §2): read-only, the app secret as the server's mask. Edit (or
 * Configure Connection when none is set) opens the CRM connection wizard.
 */
export function DynamicsCredentials() {
  const { data } = useSuspenseQuery(dynamicsCredentialsQuery());
  return (
    <Stack>
      {!data.connected && <Text c="dimmed">No Dynamics connection is set.</Text>}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {FIELDS.map(([field, label]) => (
          <TextInput key={field} label={label} value={data[field] ?? ""} placeholder="Not set" readOnly />
        ))}
      </SimpleGrid>
      <Group>
        <Button component={Link} to="/config/dynamics-configuration">
          {data.connected ? "Edit" : "Configure Connection"}
        </Button>
      </Group>
    </Stack>
  );
}

import { Alert, Anchor, Stack, Text, Title } from "@mantine/core";
import { IconLock, IconTools } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import type { Screen } from "../../routes/catalog.ts";

/** A screen of the URL map whose feature is not built yet: says so, never a blank page. */
export function NotBuiltYet({ screen }: { screen: Screen }) {
  return (
    <Stack maw={720}>
      <Title order={2}>{screen.title}</Title>
      <Alert icon={<IconTools />} color="gray" title="This screen is not built yet.">
        It is described in {screen.spec} and will arrive with its feature.
      </Alert>
    </Stack>
  );
}

export function NotLicensed({ module }: { module: string }) {
  return (
    <Alert
      icon={<IconLock />}
      color="yellow"
      title={`Your organization is not licensed for ${module}`}
      maw={720}
    >
      Ask your provider to add the licence, or choose a module you hold from the top bar.
    </Alert>
  );
}

export function NoAccess({ title }: { title?: string }) {
  return (
    <Alert
      icon={<IconLock />}
      color="yellow"
      title={`You do not have access to ${title || "this page"}`}
      maw={720}
    >
      Your security rights do not include this section. An administrator of your organization can change them.
    </Alert>
  );
}

export function NotFound() {
  return (
    <Stack maw={720}>
      <Title order={2}>Page not found</Title>
      <Text>
        There is nothing at this address.{" "}
        <Anchor component={Link} to="/">
          Go to your home page
        </Anchor>
        .
      </Text>
    </Stack>
  );
}

import { Alert, Anchor, Stack, Text, Title } from "@mantine/core";
import { type Access, moduleOfLicence, refusal } from "@reachcx/core/rights/access";
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

/** What the gate shows instead of a screen the caller may not open; the sentence is core's refusal(). */
export function Refused({ access, title }: { access: Exclude<Access, { ok: true }>; title: string }) {
  const heading =
    access.reason === "unlicensed"
      ? `Your organization is not licensed for ${access.licences.map((l) => moduleOfLicence(l) ?? l).join(" or ")}`
      : access.reason === "provider"
        ? `${title || "This page"} is for provider administrators`
        : `You do not have access to ${title || "this page"}`;
  const next =
    access.reason === "unlicensed"
      ? "Ask your provider to add the licence, or choose a module you hold from the top bar."
      : access.reason === "provider"
        ? "The admin area belongs to the provider's staff; your home page has what your organization uses."
        : "An administrator of your organization can change your security rights.";
  return (
    <Alert icon={<IconLock />} color="yellow" title={heading} maw={720} data-testid="refused">
      <Text size="sm">{refusal(access)}</Text>
      <Text size="sm">{next}</Text>
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

import { Alert, Button, Group, Stack, Title } from "@mantine/core";
import { getRouteApi, useNavigate } from "@tanstack/react-router";

const route = getRouteApi("/shell/gate/admin/onboarding/app/$url");

/** The application page only when it is a web address (http/https): anything else is not framed. */
function target(encoded: string): string | null {
  try {
    const url = new URL(decodeURIComponent(encoded));
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : null;
  } catch {
    return null;
  }
}

/** /admin/onboarding/app/{url}: the merchant's application page full size in a frame, with Close (spec 003 §2.8). */
export function ApplicationFrame() {
  const { url } = route.useParams();
  const { vendor, step } = route.useSearch();
  const go = useNavigate();
  const src = target(url);
  const close = () =>
    void (vendor
      ? go({
          to: "/admin/onboarding/edit/$vendorId",
          params: { vendorId: vendor },
          search: { step: step ?? 3 },
        })
      : go({ to: "/admin/onboarding", search: {} }));
  return (
    <Stack h="calc(100vh - 120px)">
      <Group justify="space-between">
        <Title order={1} size="h3">
          Merchant Application
        </Title>
        <Button onClick={close}>Close</Button>
      </Group>
      {src ? (
        <iframe
          title="Merchant application"
          src={src}
          style={{ flex: 1, width: "100%", border: "1px solid var(--mantine-color-gray-3)" }}
        />
      ) : (
        <Alert color="red">This is not an application link.</Alert>
      )}
    </Stack>
  );
}

import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconDownload } from "@tabler/icons-react";
import { useMutation, useSuspenseQuery } from "@tanstack/react-query";
import { downloadLink, downloadsQuery } from "./api.ts";

/**
 * Downloads (spec 000 §2): one card per CRM add-on package. Download asks the API for a fresh link (they
 * expire after five minutes) and follows it; the file comes as an attachment, so the page stays.
 */
export function Downloads() {
  const { data: packages } = useSuspenseQuery(downloadsQuery());
  const download = useMutation({
    mutationFn: downloadLink,
    onSuccess: (link) => window.location.assign(link.url),
    onError: (err) => notifications.show({ color: "red", message: (err as Error).message, autoClose: 5000 }),
  });

  return (
    <Stack maw={900}>
      <Title order={2}>Downloads</Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {packages.map((pkg) => (
          <Card
            key={pkg.id}
            withBorder
            padding="lg"
            component="section"
            aria-labelledby={`download-${pkg.id}`}
          >
            <Stack justify="space-between" h="100%">
              <Stack gap="xs">
                <Group justify="space-between" wrap="nowrap">
                  <Title order={3} size="h4" id={`download-${pkg.id}`}>
                    {pkg.title}
                  </Title>
                  {!pkg.available && <Badge color="gray">Not available yet</Badge>}
                </Group>
                <Text size="sm">{pkg.description}</Text>
                <Text size="xs" c="dimmed">
                  {pkg.fileName}
                </Text>
              </Stack>
              <Group>
                <Button
                  leftSection={<IconDownload size={16} aria-hidden />}
                  disabled={!pkg.available}
                  loading={download.isPending && download.variables === pkg.id}
                  onClick={() => download.mutate(pkg.id)}
                  aria-label={`Download ${pkg.title}`}
                >
                  Download
                </Button>
              </Group>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

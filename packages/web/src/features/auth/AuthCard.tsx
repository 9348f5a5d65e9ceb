import { Center, Paper, Stack, Title } from "@mantine/core";
import type { ReactNode } from "react";

export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Center component="main" mih="100vh" bg="gray.0">
      <Paper withBorder shadow="sm" p="xl" w={420} radius="md">
        <Stack>
          {/* The product's name, so the page says where the visitor is signing in. */}
          <Title order={1} size="h3" c="blue.8" data-testid="product-name">
            ReachCX
          </Title>
          <Title order={2}>{title}</Title>
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}

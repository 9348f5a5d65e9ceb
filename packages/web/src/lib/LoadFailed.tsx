import { Alert, Stack } from "@mantine/core";
import type { ReactNode } from "react";
import { ApiError } from "./api.ts";

/**
 * What a detail route shows when its loader could not fetch its record: the API's sentence (a 404 says the
 * record does not exist, for another tenant's ids too) and the way back its screen passes (a typed Link,
 * kept out of lib so lib does not depend on the route tree).
 */
export function LoadFailed({ error, back }: { error: unknown; back: ReactNode }) {
  const missing = error instanceof ApiError && error.status === 404;
  return (
    <Stack align="flex-start">
      <Alert color={missing ? "yellow" : "red"}>
        {error instanceof Error ? error.message : String(error)}
      </Alert>
      {back}
    </Stack>
  );
}

import { Alert, Button, Stack } from "@mantine/core";
import { type ErrorComponentProps, Link } from "@tanstack/react-router";
import { ApiError } from "../../lib/api.ts";

/** What the editor shows when its loader could not fetch the mapping (another tenant's id: 404). */
export function FieldMappingMissing({ error }: ErrorComponentProps) {
  const missing = error instanceof ApiError && error.status === 404;
  return (
    <Stack align="flex-start">
      <Alert color={missing ? "yellow" : "red"}>
        {error instanceof Error ? error.message : String(error)}
      </Alert>
      <Button component={Link} to="/config/field-mappings" variant="default">
        Close
      </Button>
    </Stack>
  );
}

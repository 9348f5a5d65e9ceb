import { Alert, Button, Stack } from "@mantine/core";
import { type ErrorComponentProps, Link } from "@tanstack/react-router";
import { ApiError } from "../../../lib/api.ts";

/**
 * What /contact/{id} shows when its loader could not fetch the contact: the API's sentence (a 404 says
 * the contact does not exist, for another tenant's ids too) and the way back to the list.
 */
export function ContactMissing({ error }: ErrorComponentProps) {
  const missing = error instanceof ApiError && error.status === 404;
  return (
    <Stack align="flex-start">
      <Alert color={missing ? "yellow" : "red"}>
        {error instanceof Error ? error.message : String(error)}
      </Alert>
      <Button component={Link} to="/contacts" variant="default">
        Close
      </Button>
    </Stack>
  );
}

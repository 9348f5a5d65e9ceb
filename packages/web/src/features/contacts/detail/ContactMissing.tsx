import { Button } from "@mantine/core";
import { type ErrorComponentProps, Link } from "@tanstack/react-router";
import { LoadFailed } from "../../../lib/LoadFailed.tsx";

/** What /contact/{id} shows when its loader could not fetch the contact, with the way back to the list. */
export function ContactMissing({ error }: ErrorComponentProps) {
  const back = (
    <Button component={Link} to="/contacts" variant="default">
      Close
    </Button>
  );
  return <LoadFailed error={error} back={back} />;
}

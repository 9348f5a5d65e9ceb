import { Button } from "@mantine/core";
import { type ErrorComponentProps, Link } from "@tanstack/react-router";
import { LoadFailed } from "../../lib/LoadFailed.tsx";

/** What the editor shows when its loader could not fetch the profile (another tenant's id: 404). */
export function ProfileMissing({ error }: ErrorComponentProps) {
  const back = (
    <Button component={Link} to="/profile" variant="default">
      Close
    </Button>
  );
  return <LoadFailed error={error} back={back} />;
}

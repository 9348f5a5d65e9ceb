import { Button } from "@mantine/core";
import { type ErrorComponentProps, Link } from "@tanstack/react-router";
import { LoadFailed } from "../../lib/LoadFailed.tsx";

/** What the editor shows when its loader could not fetch the connection (another tenant's id: 404). */
export function RestConnectionMissing({ error }: ErrorComponentProps) {
  const back = (
    <Button component={Link} to="/config/rest-connections" variant="default">
      Close
    </Button>
  );
  return <LoadFailed error={error} back={back} />;
}

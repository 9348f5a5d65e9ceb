import { Badge } from "@mantine/core";

const COLOR: Record<string, string> = {
  SignUp: "gray",
  ApplicationUpdated: "blue",
  OnBoardComplete: "teal",
  Approved: "green",
};

/** The vendor's status, and "Failed at {step}" beside it when a step of its onboarding failed. */
export function StatusBadge({
  vendor,
}: {
  vendor: { status: string; workflow: { lastError: { step: string } | null } };
}) {
  return (
    <>
      <Badge color={COLOR[vendor.status] ?? "gray"} variant="light">
        {vendor.status}
      </Badge>
      {vendor.workflow.lastError && (
        <Badge color="red" variant="light" ml={4}>
          Failed at {vendor.workflow.lastError.step}
        </Badge>
      )}
    </>
  );
}

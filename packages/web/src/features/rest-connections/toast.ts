import { notifications } from "@mantine/notifications";

/** Spec 001 §8, verbatim. */
export const SAVED_MESSAGE = "Connection saved successfully";
export const NOT_SAVED_MESSAGE = "Connection could not be saved";
export const DELETED_MESSAGE = "REST Connection deleted";
/** Ours: the spec has no Run now. */
export const RUN_STARTED_MESSAGE = "Pull started: follow its progress and report in Jobs.";

/** A toast of the REST connection screens: green for done, red for what failed (5 s, spec 001 §9). */
export const toast = (color: "green" | "red", message: string) =>
  notifications.show({ color, message, autoClose: color === "red" ? 5000 : undefined });

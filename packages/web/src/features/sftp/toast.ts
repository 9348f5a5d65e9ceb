import { notifications } from "@mantine/notifications";
import { CHECK_FAILED_MESSAGE, CHECK_OK_MESSAGE } from "@reachcx/core/sftp/schema";

/** Spec 001 §8/§9 durations: errors 5 s, a successful test 3.5 s. */
export const toast = (color: "green" | "red", message: string) =>
  notifications.show({ color, message, autoClose: color === "red" ? 5000 : undefined });

export const testedToast = (ok: boolean) =>
  notifications.show(
    ok
      ? { color: "green", message: CHECK_OK_MESSAGE, autoClose: 3500 }
      : { color: "red", message: CHECK_FAILED_MESSAGE, autoClose: 5000 },
  );

/** Ours: the spec has no Poll now. */
export const POLL_STARTED_MESSAGE = "Poll started: new files in the folder become import jobs (see Jobs).";

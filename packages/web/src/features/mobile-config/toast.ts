import { notifications } from "@mantine/notifications";

/** Spec 001 §9: errors stay 5 s; what succeeded goes sooner. */
export const toast = (color: "green" | "red", message: string) =>
  notifications.show({ color, message, autoClose: color === "red" ? 5000 : 3500 });

import { notifications } from "@mantine/notifications";

/**
 * A toast whose close button has a name (axe: button-name). The theme names modal close buttons but not
 * notifications'; until it does (docs/decisions.md), these toasts name theirs.
 */
export const toast = (color: "green" | "red", message: string) =>
  notifications.show({ color, message, closeButtonProps: { "aria-label": "Close notification" } });

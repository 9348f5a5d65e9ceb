import { notifications } from "@mantine/notifications";

/** A toast of the field-mapping screens: green for done, red for what the API refused. */
export const toast = (color: "green" | "red", message: string) => notifications.show({ color, message });

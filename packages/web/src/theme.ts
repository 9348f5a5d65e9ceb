import { createTheme } from "@mantine/core";

export const theme = createTheme({
  primaryColor: "blue",
  defaultRadius: "sm",
  fontFamily: "Inter, system-ui, -apple-system, Segoe UI, Roboto, sans-serif",
  components: {
    // Spec 000 §2: text inputs of the settings forms are at least 350px wide.
    TextInput: { defaultProps: { miw: 350 } },
  },
});

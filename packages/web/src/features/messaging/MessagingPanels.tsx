import { Stack } from "@mantine/core";
import { MappingPanel } from "./MappingPanel.tsx";
import { ProviderPanel } from "./ProviderPanel.tsx";

/**
 * The two panels that follow the connection form on the Telephony screen after Next (spec 000 §2):
 * third-party SMS/WhatsApp provider credentials, then the SMS number mapping.
 */
export function MessagingPanels() {
  return (
    <Stack gap="md">
      <ProviderPanel />
      <MappingPanel />
    </Stack>
  );
}

import { Accordion, Stack, Title } from "@mantine/core";
import { DynamicsCredentials } from "./DynamicsCredentials.tsx";
import { InventoryControl } from "./InventoryControl.tsx";

/**
 * CRM Configurations, /config/inventory-source (spec 001 §2.1): the inventory-control and Dynamics CRM
 * accordions. The CRM connection wizard returns here once it saved a client id (spec 001 §4).
 */
export function InventorySource() {
  return (
    <Stack maw={900}>
      <Title order={2}>CRM Configurations</Title>
      <Accordion variant="separated" multiple defaultValue={["inventory", "dynamics"]}>
        <Accordion.Item value="inventory">
          <Accordion.Control>Inventory Control</Accordion.Control>
          <Accordion.Panel>
            <InventoryControl />
          </Accordion.Panel>
        </Accordion.Item>
        <Accordion.Item value="dynamics">
          <Accordion.Control>Dynamics CRM</Accordion.Control>
          <Accordion.Panel>
            <DynamicsCredentials />
          </Accordion.Panel>
        </Accordion.Item>
      </Accordion>
    </Stack>
  );
}

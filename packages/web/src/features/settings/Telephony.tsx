import { Accordion, Button, Group, Select, Stack, Text, Title } from "@mantine/core";
import { PRODUCTS, type Product } from "@reachcx/core/tenant/telephony";
import { useSuspenseQuery } from "@tanstack/react-query";
import { getRouteApi } from "@tanstack/react-router";
import { useState } from "react";
import { MessagingPanels } from "../messaging/MessagingPanels.tsx";
import { tenantSettingsQuery } from "./api.ts";
import { ConnectionForm } from "./ConnectionForm.tsx";

const route = getRouteApi("/shell/gate/config");

/**
 * The Telephony screen (spec 000 §2): an expandable panel for the contact-center connection with the
 * Product select and Next; after Next the product's form (legacy, or cloud for CXOne and Legacy Global)
 * and the messaging panels. The product and the step live in the URL (?product=&step=form).
 */
export function Telephony() {
  const { data } = useSuspenseQuery(tenantSettingsQuery());
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const stored = PRODUCTS.find((p) => p === data.icProduct) ?? null;
  // The select starts at the URL's product, else the saved one; Next makes it the URL's.
  const [choice, setChoice] = useState<Product | null>(search.product ?? stored);
  const shown = search.step === "form" ? search.product : undefined;

  return (
    <Stack maw={900}>
      <Title order={2}>Telephony</Title>
      <Text c="dimmed">
        {String(data.company ?? "")} ({data.id})
      </Text>
      <Accordion variant="separated" defaultValue="connection">
        <Accordion.Item value="connection">
          <Accordion.Control>Contact Center Connection</Accordion.Control>
          <Accordion.Panel>
            <Stack>
              <Group align="flex-end">
                <Select
                  label="Product"
                  placeholder="Select a product"
                  data={[...PRODUCTS]}
                  value={choice}
                  onChange={(value) => setChoice(PRODUCTS.find((p) => p === value) ?? null)}
                  allowDeselect={false}
                  miw={350}
                />
                <Button
                  disabled={!choice}
                  onClick={() => choice && void navigate({ search: { product: choice, step: "form" } })}
                >
                  Next
                </Button>
              </Group>
              {shown && <ConnectionForm key={shown} product={shown} settings={data} />}
            </Stack>
          </Accordion.Panel>
        </Accordion.Item>
      </Accordion>
      {shown && <MessagingPanels />}
    </Stack>
  );
}

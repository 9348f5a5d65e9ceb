import { Alert, Button, Group, Radio, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { INVENTORY_SOURCES, type InventorySourceName } from "@reachcx/core/inventory-source/api";
import { useMutation, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { useState } from "react";
import { fieldErrors } from "../../lib/api.ts";
import { inventorySourceKeys, inventorySourceQuery, saveInventorySource } from "./api.ts";

const DESCRIPTIONS: Record<InventorySourceName, string> = {
  ReachCX: "Campaigns dial the contacts kept in ReachCX (imports, REST and SFTP connections).",
  "Dynamics 365": "Campaigns dial records of your Dynamics 365 organization, through its connection.",
};

/**
 * The inventory-control accordion: where campaigns take the records they dial (docs/decisions.md,
 * Inventory source). Dynamics 365 is offered only once a Dynamics connection is set; the server refuses
 * it otherwise too.
 */
export function InventoryControl() {
  const queryClient = useQueryClient();
  const { data } = useSuspenseQuery(inventorySourceQuery());
  const [choice, setChoice] = useState<InventorySourceName>(data.source);
  const [error, setError] = useState<string | undefined>();
  const save = useMutation({
    mutationFn: () => saveInventorySource({ source: choice }),
    onSuccess: (saved) => {
      queryClient.setQueryData(inventorySourceKeys.all, saved);
      setError(undefined);
      notifications.show({ color: "green", message: "Save Successful." });
    },
    onError: (err) => {
      setError(fieldErrors(err).source);
      notifications.show({ color: "red", message: `Save Failed. ${(err as Error).message}` });
    },
  });

  return (
    <Stack>
      {data.source === "Dynamics 365" && !data.dynamicsConnected && (
        <Alert color="yellow">
          Campaigns take their records from Dynamics 365, but no Dynamics connection is set: configure it
          under Dynamics CRM, or choose ReachCX.
        </Alert>
      )}
      <Radio.Group
        label="Inventory source"
        description="Where campaigns take the records they dial"
        value={choice}
        onChange={(value) => setChoice(INVENTORY_SOURCES.find((s) => s === value) ?? "ReachCX")}
        error={error}
      >
        <Stack mt="xs">
          {INVENTORY_SOURCES.map((source) => (
            <Radio
              key={source}
              value={source}
              label={source}
              description={
                source === "Dynamics 365" && !data.dynamicsConnected
                  ? "Needs a Dynamics connection: configure it under Dynamics CRM."
                  : DESCRIPTIONS[source]
              }
              disabled={source === "Dynamics 365" && !data.dynamicsConnected && data.source !== source}
            />
          ))}
        </Stack>
      </Radio.Group>
      <Group>
        <Button onClick={() => save.mutate()} loading={save.isPending} disabled={choice === data.source}>
          Save
        </Button>
        {data.updatedAt && (
          <Text size="xs" c="dimmed">
            Saved {new Date(data.updatedAt).toLocaleString()}
          </Text>
        )}
      </Group>
    </Stack>
  );
}

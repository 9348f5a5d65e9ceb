import { ActionIcon, Stack, Text, Tooltip } from "@mantine/core";
import { IconInfoCircle } from "@tabler/icons-react";

/** The search syntax (spec 003 §2.2), shown next to the search box. */
export function SearchHelp() {
  return (
    <Tooltip
      multiline
      w={320}
      withArrow
      label={
        <Stack gap={2}>
          <Text size="sm">+ means AND (words side by side are ANDed too)</Text>
          <Text size="sm">| means OR</Text>
          <Text size="sm">- negates a word: -smith</Text>
          <Text size="sm">"quotes" make a phrase: "mary ann"</Text>
          <Text size="sm">a trailing * matches a prefix: smi*</Text>
          <Text size="sm">(parentheses) set precedence: (denver | boulder) + smith</Text>
        </Stack>
      }
    >
      <ActionIcon variant="subtle" aria-label="Search help" data-testid="search-help">
        <IconInfoCircle size={18} />
      </ActionIcon>
    </Tooltip>
  );
}

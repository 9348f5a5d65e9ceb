import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Loader,
  Modal,
  NumberInput,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Tooltip,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import type { Campaign } from "@reachcx/core/campaign/api";
import {
  CampaignForm,
  CREATED_MESSAGE,
  EXHAUSTION_ACTIONS,
  type ExhaustionAction,
  LIMITS,
  LOCKED_CHANGE_MESSAGE,
  shareOf,
  UPDATED_MESSAGE,
} from "@reachcx/core/campaign/schema";
import { HOLDS_LOCKS, next } from "@reachcx/core/campaign/state";
import { IconArrowDown, IconArrowUp, IconTrash } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import dayjs from "dayjs";
import { useState } from "react";
import { fieldErrors } from "../../lib/api.ts";
import { DateTimeField } from "../../lib/DateTimeField.tsx";
import { OrderCell, useRowDrag } from "../../lib/reorder.tsx";
import { schemaErrors } from "../../lib/validate.ts";
import {
  allProfilesQuery,
  allSegmentsQuery,
  campaignKeys,
  campaignQuery,
  saveCampaign,
  skillsQuery,
} from "./api.ts";
import { addRefusal, bodyOf, type CampaignValues, DIALOG_TITLE, moved, valuesFor } from "./form.ts";
import type { DialogMode } from "./listSearch.ts";

/**
 * The campaign dialog (spec 002 Campaign dialog): Create, Edit or Clone, as the URL says
 * (/campaigns?dialog=&id=). Edit and clone read the campaign first.
 */
export function CampaignDialog({
  mode,
  id,
  onClose,
}: {
  mode: DialogMode;
  id: string | undefined;
  onClose: () => void;
}) {
  const campaign = useQuery({ ...campaignQuery(id ?? ""), enabled: mode !== "create" && !!id });
  const title = DIALOG_TITLE[mode];
  if (mode !== "create" && !campaign.data)
    return (
      <Modal opened onClose={onClose} title={title} size="xl">
        {campaign.isError ? (
          <Alert color="red">{(campaign.error as Error).message}</Alert>
        ) : (
          <Loader size="sm" aria-label="Loading" />
        )}
      </Modal>
    );
  return (
    <Modal opened onClose={onClose} title={title} size="xl">
      <CampaignFormView key={`${mode}-${id ?? ""}`} mode={mode} campaign={campaign.data} onClose={onClose} />
    </Modal>
  );
}

function CampaignFormView({
  mode,
  campaign,
  onClose,
}: {
  mode: DialogMode;
  campaign: Campaign | undefined;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const skills = useQuery(skillsQuery());
  const profiles = useQuery(allProfilesQuery());
  const segments = useQuery(allSegmentsQuery());
  const form = useForm<CampaignValues>({
    initialValues: valuesFor(mode, campaign),
    validate: (values) => schemaErrors(CampaignForm)(bodyOf(values)),
  });
  const values = form.getValues();
  const [picked, setPicked] = useState<string | null>(null);
  const [ratio, setRatio] = useState<string | number>(LIMITS.ratio.default);

  // Spec 002 §4: Completed and Expired cannot be edited; an Active or Paused one keeps its skill and segments.
  const editing = mode === "edit" && campaign !== undefined;
  const refused = editing ? next(campaign.status, "edit") : { ok: true as const };
  const locked = editing && HOLDS_LOCKS.has(campaign.status);

  const save = useMutation({
    mutationFn: (values: CampaignValues) =>
      saveCampaign(mode === "edit" ? campaign?.id : undefined, bodyOf(values)),
    onSuccess: async () => {
      notifications.show({ message: mode === "edit" ? UPDATED_MESSAGE : CREATED_MESSAGE });
      await queryClient.invalidateQueries({ queryKey: campaignKeys.all });
      onClose();
    },
    onError: (err) => {
      form.setErrors(fieldErrors(err));
      notifications.show({ color: "red", message: (err as Error).message, autoClose: 5000 });
    },
  });

  const skillOptions = (skills.data ?? []).map((s) => ({
    value: String(s.skillId),
    label: `${s.skillSource}-${s.skillName}`,
  }));
  // A campaign's skill stays shown even when the platform no longer lists it.
  if (values.skillId && !skillOptions.some((o) => o.value === values.skillId))
    skillOptions.unshift({ value: values.skillId, label: `${values.skillSource}-${values.skillName}` });
  const profileOptions = (profiles.data ?? []).map((p) => ({ value: p.id, label: p.name }));
  if (campaign && !profileOptions.some((o) => o.value === campaign.campaignProfileId))
    profileOptions.unshift({ value: campaign.campaignProfileId, label: campaign.profileName });
  // Each segment may be used only once (spec 002 §5): the picker offers only the ones not selected.
  const chosen = new Set(values.segments.map((s) => s.segmentId));
  const segmentOptions = (segments.data ?? [])
    .filter((s) => !chosen.has(s.id))
    .map((s) => ({ value: s.id, label: s.name }));
  const refusal = addRefusal(values.segments.length, picked, ratio);
  const ratios = values.segments.map((s) => (typeof s.segmentRatio === "number" ? s.segmentRatio : 0));

  const add = () => {
    const segment = segments.data?.find((s) => s.id === picked);
    if (refusal || !segment) return;
    form.insertListItem("segments", {
      segmentId: segment.id,
      segmentName: segment.name,
      segmentRatio: Number(ratio),
    });
    setPicked(null);
    setRatio(LIMITS.ratio.default);
  };
  const move = (from: number, to: number) => form.setFieldValue("segments", moved(values.segments, from, to));
  const rowDrag = useRowDrag(move);
  const segmentsError = form.errors.segments;

  return (
    <form onSubmit={form.onSubmit((v) => save.mutate(v))} noValidate>
      <Stack>
        {!refused.ok && <Alert color="red">{refused.reason}</Alert>}
        {locked && (
          <Alert color="yellow" title={`This campaign is ${campaign?.status}`}>
            {LOCKED_CHANGE_MESSAGE}
          </Alert>
        )}
        <TextInput label="Name" withAsterisk {...form.getInputProps("name")} key={form.key("name")} />
        <Group grow align="flex-start">
          <Select
            label="Skill"
            withAsterisk
            placeholder={skills.isLoading ? "Loading skills" : "Select a skill"}
            data={skillOptions}
            disabled={locked}
            searchable
            nothingFoundMessage="No outbound skills: check the CXone connection"
            key={form.key("skillId")}
            {...form.getInputProps("skillId")}
            onChange={(value) => {
              const skill = skills.data?.find((s) => String(s.skillId) === value);
              form.setFieldValue("skillId", value ?? "");
              form.setFieldValue("skillName", skill?.skillName ?? "");
              form.setFieldValue("skillSource", skill?.skillSource ?? "NiC");
            }}
          />
          <Select
            label="Profile"
            withAsterisk
            placeholder="Select a profile"
            data={profileOptions}
            searchable
            key={form.key("campaignProfileId")}
            {...form.getInputProps("campaignProfileId")}
            onChange={(value) => form.setFieldValue("campaignProfileId", value ?? "")}
          />
        </Group>
        <Group grow align="flex-start">
          <DateTimeField
            fieldName="Expiration Date"
            label="Expiration Date"
            withAsterisk
            valueFormat="YYYY-MM-DD HH:mm"
            value={values.expireDate ? dayjs(values.expireDate).format("YYYY-MM-DD HH:mm:ss") : null}
            onChange={(value) => form.setFieldValue("expireDate", value ? dayjs(value).toISOString() : "")}
            error={form.errors.expireDate}
          />
          <Select
            label="Exhaustion Action"
            data={[...EXHAUSTION_ACTIONS]}
            allowDeselect={false}
            key={form.key("exhaustionAction")}
            {...form.getInputProps("exhaustionAction")}
            onChange={(value) =>
              form.setFieldValue("exhaustionAction", (value ?? "None") as ExhaustionAction)
            }
          />
        </Group>
        <TextInput
          label="Status Email"
          type="email"
          description="Campaign status updates are sent here."
          key={form.key("updatesEmail")}
          {...form.getInputProps("updatesEmail")}
        />
        <Group>
          <Switch
            label="Static Campaign"
            key={form.key("static")}
            {...form.getInputProps("static", { type: "checkbox" })}
          />
          <Switch
            label="Sort Segments"
            key={form.key("sort")}
            {...form.getInputProps("sort", { type: "checkbox" })}
          />
        </Group>

        <Group align="flex-end">
          <Select
            label="Segment"
            placeholder="Select a segment"
            data={segmentOptions}
            value={picked}
            onChange={setPicked}
            searchable
            disabled={locked}
            style={{ flex: 1 }}
          />
          <NumberInput
            label="Ratio"
            min={LIMITS.ratio.min}
            max={LIMITS.ratio.max}
            allowDecimal={false}
            value={ratio}
            onChange={setRatio}
            disabled={locked}
            w={100}
          />
          <Tooltip label={refusal ?? ""} disabled={!refusal || locked}>
            <span>
              <Button
                variant="light"
                onClick={add}
                disabled={!!refusal || locked}
                aria-label={refusal ? `Add Segment: ${refusal}` : "Add Segment"}
              >
                Add
              </Button>
            </span>
          </Tooltip>
        </Group>

        <Stack gap={4}>
          <Group justify="space-between">
            <Text fw={600} size="sm">
              Selected Segments
            </Text>
            <Button
              size="compact-xs"
              variant="subtle"
              color="red"
              disabled={locked || values.segments.length === 0}
              onClick={() => form.setFieldValue("segments", [])}
            >
              Clear All
            </Button>
          </Group>
          <Table data-testid="selected-segments">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Order</Table.Th>
                <Table.Th>Segment</Table.Th>
                <Table.Th>Ratio</Table.Th>
                <Table.Th>Share</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {values.segments.map((s, i) => (
                <Table.Tr key={s.segmentId} {...rowDrag(i)} data-testid={`selected-${s.segmentName}`}>
                  <OrderCell order={i + 1} />
                  <Table.Td>{s.segmentName}</Table.Td>
                  <Table.Td>
                    <NumberInput
                      aria-label={`Ratio of ${s.segmentName}`}
                      size="xs"
                      w={90}
                      min={LIMITS.ratio.min}
                      max={LIMITS.ratio.max}
                      allowDecimal={false}
                      key={form.key(`segments.${i}.segmentRatio`)}
                      {...form.getInputProps(`segments.${i}.segmentRatio`)}
                      onChange={(value) =>
                        form.setFieldValue(
                          `segments.${i}.segmentRatio`,
                          typeof value === "number" ? value : Number.NaN,
                        )
                      }
                    />
                  </Table.Td>
                  <Table.Td>{shareOf(ratios[i] ?? 0, ratios)}%</Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <ActionIcon
                        variant="subtle"
                        aria-label={`Move ${s.segmentName} up`}
                        disabled={i === 0}
                        onClick={() => move(i, i - 1)}
                      >
                        <IconArrowUp size={16} />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        aria-label={`Move ${s.segmentName} down`}
                        disabled={i === values.segments.length - 1}
                        onClick={() => move(i, i + 1)}
                      >
                        <IconArrowDown size={16} />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Remove ${s.segmentName}`}
                        disabled={locked}
                        onClick={() => form.removeListItem("segments", i)}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
              {values.segments.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={5}>
                    <Text size="sm" c="dimmed">
                      No segments selected.
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
          {segmentsError && (
            <Text c="red" size="sm" role="alert">
              {segmentsError}
            </Text>
          )}
        </Stack>

        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending} disabled={!refused.ok}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

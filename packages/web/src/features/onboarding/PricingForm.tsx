import {
  Checkbox,
  Fieldset,
  Group,
  NumberInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Switch,
  Text,
} from "@mantine/core";
import {
  ALL_CARD_FIELDS,
  AMEX_FIELDS,
  checkPricing,
  defaultsOf,
  fieldError,
  PRICING_TYPES,
  type PricingField,
  type PricingType,
  truncate2,
  VMD_FIELDS,
} from "@reachcx/core/onboarding/pricing";

/** The pricing being edited: every type's values are kept, so switching type and back loses nothing. */
export interface PricingState {
  type: PricingType;
  vmd: Record<string, number | string>;
  amex: Record<string, number | string>;
  amexEnabled: boolean;
  fees: Record<string, number | string>;
  internalExempt: boolean;
}

const allDefaults = (groups: Record<PricingType, PricingField[]>) =>
  Object.fromEntries(PRICING_TYPES.flatMap((t) => Object.entries(defaultsOf(groups[t]))));

/** Defaults equal the minimums (spec 003 §3); a saved pricing overrides them. */
export function initialPricing(
  saved?: {
    type: PricingType;
    vmdPricing: Record<string, number>;
    amexPricing: Record<string, number> | null;
    fees: Record<string, number>;
    internalExempt: boolean;
  } | null,
): PricingState {
  return {
    type: saved?.type ?? "ERR",
    vmd: { ...allDefaults(VMD_FIELDS), ...saved?.vmdPricing },
    amex: { ...allDefaults(AMEX_FIELDS), ...saved?.amexPricing },
    amexEnabled: saved ? saved.amexPricing !== null : true,
    fees: { ...defaultsOf(ALL_CARD_FIELDS), ...saved?.fees },
    internalExempt: saved?.internalExempt ?? false,
  };
}

const num = (v: number | string | undefined) =>
  typeof v === "number" ? v : v === "" || v === undefined ? Number.NaN : Number(v);

/** The body save-fees takes, and its check with core's rules (the same the server applies). */
export function pricingBody(vendor: string, p: PricingState) {
  const pick = (fields: PricingField[], values: Record<string, number | string>) =>
    Object.fromEntries(fields.map((f) => [f.name, num(values[f.name])]));
  const body = {
    vendor,
    type: p.type,
    vmdPricing: pick(VMD_FIELDS[p.type], p.vmd),
    amexPricing: p.amexEnabled ? pick(AMEX_FIELDS[p.type], p.amex) : null,
    fees: p.internalExempt ? {} : pick(ALL_CARD_FIELDS, p.fees),
    internalExempt: p.internalExempt,
  };
  return { body, errors: checkPricing(body).errors };
}

function Fields({
  group,
  fields,
  values,
  disabled,
  onChange,
}: {
  group: string;
  fields: PricingField[];
  values: Record<string, number | string>;
  disabled?: boolean;
  onChange: (name: string, value: number | string) => void;
}) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      {fields.map((f) => (
        <NumberInput
          key={f.name}
          id={`${group}-${f.name}`}
          label={`${f.label} (${f.percent ? "%" : "$"})`}
          value={values[f.name] ?? ""}
          disabled={disabled}
          decimalScale={4}
          error={disabled ? null : fieldError(f, num(values[f.name]))}
          onChange={(value) => onChange(f.name, value)}
          // Spec 003 §5: values are cut to two decimals on blur.
          onBlur={() => {
            const n = num(values[f.name]);
            if (Number.isFinite(n)) onChange(f.name, truncate2(n));
          }}
        />
      ))}
    </SimpleGrid>
  );
}

/** The pricing forms (spec 003 §3): Visa/MC/Discover (always), Amex (may be disabled), all-card fees. */
export function PricingForm({
  value,
  onChange,
  disabled,
}: {
  value: PricingState;
  onChange: (next: PricingState) => void;
  disabled?: boolean;
}) {
  const set = (key: "vmd" | "amex" | "fees") => (name: string, v: number | string) =>
    onChange({ ...value, [key]: { ...value[key], [name]: v } });
  return (
    <Stack>
      <Group>
        <Text fw={500}>Pricing type</Text>
        <SegmentedControl
          aria-label="Pricing type"
          data={[...PRICING_TYPES]}
          value={value.type}
          disabled={disabled}
          onChange={(t) => onChange({ ...value, type: t as PricingType })}
        />
      </Group>
      <Fieldset legend="Visa / MasterCard / Discover">
        <Fields
          group="vmd"
          fields={VMD_FIELDS[value.type]}
          values={value.vmd}
          disabled={disabled}
          onChange={set("vmd")}
        />
      </Fieldset>
      <Fieldset
        legend={
          <Switch
            label="American Express"
            checked={value.amexEnabled}
            disabled={disabled}
            onChange={(e) => onChange({ ...value, amexEnabled: e.currentTarget.checked })}
          />
        }
      >
        {value.amexEnabled ? (
          <Fields
            group="amex"
            fields={AMEX_FIELDS[value.type]}
            values={value.amex}
            disabled={disabled}
            onChange={set("amex")}
          />
        ) : (
          <Text c="dimmed" size="sm">
            American Express is not offered.
          </Text>
        )}
      </Fieldset>
      <Fieldset legend="All-card fees">
        <Checkbox
          mb="sm"
          label="Internal (exempt from all-card fees)"
          checked={value.internalExempt}
          disabled={disabled}
          onChange={(e) => onChange({ ...value, internalExempt: e.currentTarget.checked })}
        />
        {!value.internalExempt && (
          <Fields
            group="fees"
            fields={ALL_CARD_FIELDS}
            values={value.fees}
            disabled={disabled}
            onChange={set("fees")}
          />
        )}
      </Fieldset>
    </Stack>
  );
}

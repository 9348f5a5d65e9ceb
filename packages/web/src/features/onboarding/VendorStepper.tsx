import {
  Alert,
  Button,
  Checkbox,
  Grid,
  Group,
  List,
  Loader,
  Paper,
  PasswordInput,
  Select,
  Stack,
  Stepper,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { MESSAGES } from "@reachcx/core/onboarding/messages";
import { ContactEmail, GatewayCredentialsBody, VendorId, VendorName } from "@reachcx/core/onboarding/schema";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { getRouteApi, Link, useNavigate } from "@tanstack/react-router";
import { type ReactNode, useEffect, useState } from "react";
import * as v from "valibot";
import { ApiError, api, unwrap } from "../../lib/api.ts";
import { rule } from "../../lib/validate.ts";
import {
  completeApplication,
  createVendor,
  feesQuery,
  saveFees,
  saveNexioToken,
  startOnboarding,
  updateVendor,
  type Vendor,
  vendorKeys,
  vendorQuery,
} from "./api.ts";
import { initialPricing, PricingForm, type PricingState, pricingBody } from "./PricingForm.tsx";

const route = getRouteApi("/shell/gate/admin/onboarding/edit/$vendorId");

export const STEPS = [
  "Initial Information",
  "Merchant Information",
  "Pricing Information",
  "Finalize & Email Application",
  "Monitor Application",
  "Nexio Token",
  "Final Approval",
] as const;

/** Spec 003 §9: the list comes back 4 s after the final approval. */
export const REDIRECT_MS = 4000;

const ORDER = ["SignUp", "ApplicationUpdated", "OnBoardComplete", "Approved"];
const atLeast = (vendor: Vendor | undefined, status: string) =>
  vendor ? ORDER.indexOf(vendor.status) >= ORDER.indexOf(status) : false;
const hasApp = (vendor?: Vendor) =>
  Boolean(vendor?.cmsInfo.cmsMerchId && vendor.cmsInfo.cmsMerchHash && vendor.cmsInfo.cmsAppToken);

/**
 * Where the stepper opens for an existing vendor (spec 003 §4 "Stepper start"): merchant info while the
 * application is missing; pricing when there is none saved; finalize once it is; Monitor when the
 * application was updated; the token step once the merchant completed it; final approval once onboarded.
 */
export function startStep(vendor: Vendor, hasFees: boolean): number {
  if (vendor.status === "OnBoardComplete" || vendor.status === "Approved") return 6;
  if (vendor.workflow.waitingFor === "AwaitGatewayCredentials") return 5;
  if (vendor.status === "ApplicationUpdated") return 4;
  if (!hasApp(vendor)) return 1;
  return hasFees ? 3 : 2;
}

const message = (err: unknown, fallback: string) => (err instanceof ApiError ? err.detail : fallback);
const toast = (text: string, color = "green") => notifications.show({ color, message: text });

/**
 * /admin/onboarding/edit/{vendorId}: the seven onboarding steps (spec 003 §2.8, §4), each a step of the
 * vendor's onboarding workflow on the server, with the progress checklist beside them. 'new' creates.
 */
export function VendorStepper() {
  const { vendorId } = route.useParams();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const isNew = vendorId === "new";
  const vendor = useQuery({ ...vendorQuery(vendorId), enabled: !isNew });
  const fees = useQuery({ ...feesQuery(vendorId), enabled: !isNew && vendor.isSuccess });
  const queryClient = useQueryClient();
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: vendorKeys.all });
  };
  const [warned, setWarned] = useState(false);

  const v = vendor.data;
  const loaded = isNew || (v !== undefined && fees.isFetched);
  const step = isNew ? 0 : (search.step ?? (v && fees.isFetched ? startStep(v, fees.data != null) : 0));
  const go = (next: number) => {
    if (next < step && next <= 2 && atLeast(v, "ApplicationUpdated") && !warned) {
      setWarned(true);
      notifications.show({
        color: "yellow",
        autoClose: 6000,
        message:
          "Pricing changes do not appear in the merchant's application until it is updated: saving them updates it and emails the link again.",
      });
    }
    void navigate({ search: { step: next }, replace: true });
  };

  if (!isNew && vendor.isError) {
    const missing = (vendor.error as ApiError).status === 404;
    return (
      <Alert color="red" title={missing ? "Not found" : "Could not load the vendor"}>
        {missing ? `Vendor ${vendorId} does not exist.` : (vendor.error as Error).message}
      </Alert>
    );
  }
  if (!loaded) return <Loader aria-label="Loading vendor" />;

  return (
    <Grid>
      <Grid.Col span={{ base: 12, md: 9 }}>
        <Stack>
          <Title order={1} size="h2">
            {isNew ? "New Merchant" : `Merchant ${v?.name ?? vendorId}`}
          </Title>
          {v?.workflow.lastError && <FailedStep vendor={v} onResumed={refresh} />}
          <Stepper
            active={step}
            onStepClick={(s) => (s < step ? go(s) : undefined)}
            size="sm"
            allowNextStepsSelect={false}
          >
            {STEPS.map((label) => (
              <Stepper.Step key={label} label={label} />
            ))}
          </Stepper>
          <Paper withBorder p="md">
            <StepBody
              step={step}
              vendor={v}
              fees={fees.data ?? null}
              vendorId={vendorId}
              onNext={() => go(step + 1)}
              refresh={refresh}
            />
          </Paper>
          <Group>
            <Button variant="default" disabled={step === 0} onClick={() => go(step - 1)}>
              Back
            </Button>
          </Group>
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 3 }}>
        <Checklist vendor={v} />
      </Grid.Col>
    </Grid>
  );
}

/** Spec 003 §4 "Progress checklist". */
function Checklist({ vendor }: { vendor?: Vendor }) {
  const items = [
    ["Sign Up", true],
    ["Application is up to date", atLeast(vendor, "ApplicationUpdated")],
    ["Onboarding Complete", atLeast(vendor, "OnBoardComplete")],
    ["Final Approval", atLeast(vendor, "Approved")],
  ] as const;
  return (
    <Paper withBorder p="md">
      <Title order={2} size="h5" mb="sm">
        Progress
      </Title>
      <List spacing="xs" data-testid="progress-checklist">
        {items.map(([label, done]) => (
          <List.Item
            key={label}
            icon={
              <ThemeIcon size={18} radius="xl" color={done ? "green" : "gray"} aria-hidden>
                {done ? "✓" : "·"}
              </ThemeIcon>
            }
          >
            <Text
              size="sm"
              c={done ? undefined : "dimmed"}
              aria-label={`${label}: ${done ? "done" : "not yet"}`}
            >
              {label}
            </Text>
          </List.Item>
        ))}
      </List>
    </Paper>
  );
}

/** A step of the workflow failed: the vendor kept its status; Resume runs the step again. */
function FailedStep({ vendor, onResumed }: { vendor: Vendor; onResumed: () => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  const error = vendor.workflow.lastError;
  if (!error) return null;
  const resume = async () => {
    setBusy(true);
    try {
      await startOnboarding(vendor.id);
    } catch (err) {
      toast(message(err, MESSAGES.unableToUpdate), "red");
    } finally {
      setBusy(false);
      await onResumed();
    }
  };
  return (
    <Alert color="red" title={`The onboarding stopped at ${error.step}`}>
      <Text size="sm">{error.cause}</Text>
      <Button mt="sm" size="xs" loading={busy} onClick={() => void resume()}>
        Resume onboarding
      </Button>
    </Alert>
  );
}

interface StepProps {
  step: number;
  vendor?: Vendor;
  fees: Parameters<typeof initialPricing>[0];
  vendorId: string;
  onNext: () => void;
  refresh: () => Promise<void>;
}

function StepBody(props: StepProps) {
  switch (props.step) {
    case 0:
      return <InitialInformation {...props} />;
    case 1:
      return <MerchantInformation {...props} />;
    case 2:
      return <PricingStep {...props} />;
    case 3:
      return <FinalizeStep {...props} />;
    case 4:
      return <MonitorStep {...props} />;
    case 5:
      return <NexioStep {...props} />;
    default:
      return <ApprovalStep {...props} />;
  }
}

function NextButton({
  onClick,
  disabled,
  children = "Next",
}: {
  onClick: () => void;
  disabled?: boolean;
  children?: ReactNode;
}) {
  return (
    <Group justify="flex-end">
      <Button onClick={onClick} disabled={disabled}>
        {children}
      </Button>
    </Group>
  );
}

/** Step 1: the PromptPay vendor id (or a tenant's, picked from the list) and the name. */
function InitialInformation({ vendor, vendorId, onNext, refresh }: StepProps) {
  const go = useNavigate();
  const [tenant, setTenant] = useState<string | null>(null);
  const [id, setId] = useState(vendor?.id ?? "");
  const [name, setName] = useState(vendor?.name ?? "");
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const tenants = useQuery({
    queryKey: ["tenant", "list", "picker"],
    queryFn: () => unwrap(api.admin.tenant.$get({ query: { limit: "100" } })),
    enabled: !vendor,
  });
  const idError = vendor ? null : rule(VendorId)(id);
  const nameError = rule(VendorName)(name);
  const save = async () => {
    setTouched(true);
    if (idError || nameError) return;
    setBusy(true);
    try {
      if (vendor) {
        await updateVendor({ id: vendor.id, name });
        await refresh();
        toast(MESSAGES.infoSaved);
      } else {
        await createVendor({ id: id.trim(), name });
        toast(MESSAGES.vendorSaved);
        await go({
          to: "/admin/onboarding/edit/$vendorId",
          params: { vendorId: id.trim() },
          search: { step: 1 },
        });
      }
    } catch (err) {
      const text = vendor
        ? MESSAGES.unableToSaveInfo
        : err instanceof ApiError && err.status === 403
          ? err.detail
          : MESSAGES.unableToCreate;
      toast(text, "red");
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack>
      {!vendor && (
        <Select
          label="Tenant (optional)"
          placeholder="Use a tenant's id as the PromptPay vendor"
          clearable
          data={(tenants.data?.items ?? []).map((t) => ({
            value: t.id,
            label: t.name ? `${t.name} (${t.id})` : t.id,
          }))}
          value={tenant}
          onChange={(value) => {
            setTenant(value);
            if (value) setId(value);
          }}
        />
      )}
      <TextInput
        label="PromptPay Vendor"
        value={id}
        disabled={Boolean(vendor) || Boolean(tenant)}
        error={touched ? idError : null}
        onChange={(e) => setId(e.currentTarget.value)}
      />
      <TextInput
        label="Name"
        value={name}
        error={touched ? nameError : null}
        onChange={(e) => setName(e.currentTarget.value)}
      />
      <Group justify="space-between">
        <Button variant="light" loading={busy} onClick={() => void save()}>
          Save
        </Button>
        <Button onClick={onNext} disabled={vendorId === "new"}>
          Next
        </Button>
      </Group>
    </Stack>
  );
}

/** Step 2: the merchant's contact, and the merchant-services application (the workflow's first step). */
function MerchantInformation({ vendor, onNext, refresh }: StepProps) {
  const [contactName, setContactName] = useState(vendor?.contactName ?? "");
  const [contactEmail, setContactEmail] = useState(vendor?.contactEmail ?? "");
  const [busy, setBusy] = useState(false);
  const emailError = rule(ContactEmail)(contactEmail);
  if (!vendor) return null;
  const created = hasApp(vendor);
  const create = async () => {
    if (emailError) return;
    setBusy(true);
    try {
      await updateVendor({ id: vendor.id, contactName, contactEmail });
      const after = await startOnboarding(vendor.id);
      if (after.workflow.lastError)
        toast(
          after.workflow.lastError.cause === "No CMS information returned"
            ? MESSAGES.noCmsInfo
            : MESSAGES.errorCreatingApp,
          "red",
        );
      else if (!hasApp(after)) toast(MESSAGES.noCmsInfo, "red");
    } catch (err) {
      toast(message(err, MESSAGES.errorCreatingApp), "red");
    } finally {
      setBusy(false);
      await refresh();
    }
  };
  const saveContact = async () => {
    if (emailError) return;
    try {
      await updateVendor({ id: vendor.id, contactName, contactEmail });
      await refresh();
      toast(MESSAGES.infoSaved);
    } catch {
      toast(MESSAGES.unableToSaveInfo, "red");
    }
  };
  return (
    <Stack>
      <TextInput
        label="Contact name"
        value={contactName}
        onChange={(e) => setContactName(e.currentTarget.value)}
      />
      <TextInput
        label="Contact email"
        value={contactEmail}
        error={contactEmail ? emailError : null}
        onChange={(e) => setContactEmail(e.currentTarget.value)}
      />
      {created ? (
        <Alert color="green" title="CMS application created">
          <Text size="sm">Merchant id {vendor.cmsInfo.cmsMerchId}</Text>
          <Text size="sm">Merchant hash {vendor.cmsInfo.cmsMerchHash}</Text>
        </Alert>
      ) : null}
      <Group justify="space-between">
        <Group>
          <Button
            variant="light"
            onClick={() => void saveContact()}
            disabled={!contactEmail || Boolean(emailError)}
          >
            Save
          </Button>
          {!created && (
            <Button
              loading={busy}
              onClick={() => void create()}
              disabled={!contactEmail || Boolean(emailError)}
            >
              Create CMS App
            </Button>
          )}
        </Group>
        <Button onClick={() => (created ? onNext() : toast(MESSAGES.createAppFirst, "red"))}>Next</Button>
      </Group>
    </Stack>
  );
}

/** Step 3: the pricing forms; saving sends them to the workflow, which updates the application. */
function PricingStep({ vendor, fees, onNext, refresh }: StepProps) {
  const [pricing, setPricing] = useState<PricingState>(() => initialPricing(fees));
  const [busy, setBusy] = useState(false);
  useEffect(() => setPricing(initialPricing(fees)), [fees]);
  if (!vendor) return null;
  const { body, errors } = pricingBody(vendor.id, pricing);
  const locked =
    atLeast(vendor, "OnBoardComplete") || vendor.workflow.waitingFor === "AwaitGatewayCredentials";
  const save = async () => {
    if (errors.length > 0) return toast(MESSAGES.fixHighlighted, "red");
    setBusy(true);
    try {
      await saveFees(body);
      await refresh();
      toast(MESSAGES.pricingSaved);
    } catch (err) {
      toast(
        err instanceof ApiError && err.status === 400
          ? MESSAGES.fixHighlighted
          : message(err, MESSAGES.errorSavingPricing),
        "red",
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack>
      <PricingForm value={pricing} onChange={setPricing} disabled={locked} />
      <Group justify="space-between">
        <Button variant="light" loading={busy} onClick={() => void save()} disabled={locked}>
          Save pricing
        </Button>
        <Button
          onClick={() =>
            errors.length > 0
              ? toast(MESSAGES.fixHighlighted, "red")
              : fees
                ? onNext()
                : toast(MESSAGES.verifyPricing, "red")
          }
        >
          Next
        </Button>
      </Group>
    </Stack>
  );
}

/** Step 4: the application updated with the pricing, its link (copied or opened) and the verification. */
function FinalizeStep({ vendor, onNext }: StepProps) {
  const [verified, setVerified] = useState(false);
  if (!vendor) return null;
  const link = vendor.applicationUrl;
  const updated = atLeast(vendor, "ApplicationUpdated");
  const next = () => {
    if (!verified) return toast(MESSAGES.verifyPricing, "red");
    if (!link || !updated) return toast(MESSAGES.generateLink, "red");
    onNext();
  };
  return (
    <Stack>
      {updated ? (
        <Alert color="green">
          {MESSAGES.applicationSaved}. The application link was emailed to {vendor.contactEmail}.
        </Alert>
      ) : (
        <Alert color="yellow">Save the pricing to update the application and email its link.</Alert>
      )}
      <TextInput label="Application link" value={link ?? ""} readOnly />
      <Group>
        <Button
          variant="light"
          disabled={!link}
          onClick={() =>
            void navigator.clipboard
              ?.writeText(link ?? "")
              .then(() => toast(MESSAGES.linkCopied))
              .catch(() => toast(MESSAGES.linkCopied))
          }
        >
          Copy link
        </Button>
        {link && (
          <Button
            variant="light"
            renderRoot={(props) => (
              <Link
                {...props}
                to="/admin/onboarding/app/$url"
                params={{ url: encodeURIComponent(link) }}
                search={{ vendor: vendor.id, step: 3 }}
              />
            )}
          >
            Open application
          </Button>
        )}
      </Group>
      <Checkbox
        label="I verified that the pricing information is complete"
        checked={verified}
        onChange={(e) => setVerified(e.currentTarget.checked)}
      />
      <NextButton onClick={next} />
    </Stack>
  );
}

/** Step 5: the merchant fills the application in; 'Application Complete' asks the partner. */
function MonitorStep({ vendor, onNext, refresh }: StepProps) {
  const [busy, setBusy] = useState(false);
  if (!vendor) return null;
  const done = vendor.workflow.waitingFor === "AwaitGatewayCredentials" || atLeast(vendor, "OnBoardComplete");
  const check = async (checked: boolean) => {
    if (!checked || done) return;
    setBusy(true);
    try {
      await completeApplication(vendor.id);
      await refresh();
    } catch (err) {
      toast(message(err, MESSAGES.completeApplication), "red");
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack>
      <Text size="sm">
        The merchant completes the application from the emailed link. Tick Application Complete once they have
        submitted it.
      </Text>
      {vendor.applicationUrl && (
        <Button
          variant="light"
          w="fit-content"
          renderRoot={(props) => (
            <Link
              {...props}
              to="/admin/onboarding/app/$url"
              params={{ url: encodeURIComponent(vendor.applicationUrl ?? "") }}
              search={{ vendor: vendor.id, step: 4 }}
            />
          )}
        >
          Open application
        </Button>
      )}
      <Group>
        <Checkbox
          label="Application Complete"
          checked={done}
          disabled={busy || done}
          onChange={(e) => void check(e.currentTarget.checked)}
        />
        {busy && <Loader size="xs" aria-label="Checking the application" />}
      </Group>
      <NextButton onClick={() => (done ? onNext() : toast(MESSAGES.completeApplication, "red"))} />
    </Stack>
  );
}

/** Step 6: the payment gateway credentials, checked with whoAmI and saved as the vendor's token. */
function NexioStep({ vendor, onNext, refresh }: StepProps) {
  const [username, setUsername] = useState(vendor?.cmsInfo.nexioUsername ?? "");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  if (!vendor) return null;
  const saved = Boolean(vendor.cmsInfo.nexioCredentials);
  const generate = async () => {
    const result = v.safeParse(GatewayCredentialsBody, { vendorId: vendor.id, username, password });
    if (!result.success) {
      setErrors(Object.fromEntries(result.issues.map((i) => [String(i.path?.[0]?.key), i.message])));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await saveNexioToken({ vendorId: vendor.id, username, password });
      setPassword("");
      await refresh();
      toast(MESSAGES.nexioSaved);
    } catch (err) {
      const text = message(err, MESSAGES.unableToSaveNexio);
      if (text === MESSAGES.invalidNexio) setErrors({ password: text });
      toast(text === MESSAGES.invalidNexio ? text : MESSAGES.unableToSaveNexio, "red");
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack>
      {saved && <Alert color="green">Nexio token saved for {vendor.cmsInfo.nexioUsername}.</Alert>}
      <TextInput
        label="Nexio username"
        value={username}
        error={errors.username}
        disabled={saved}
        onChange={(e) => setUsername(e.currentTarget.value)}
      />
      <PasswordInput
        label="Nexio password"
        value={password}
        error={errors.password}
        disabled={saved}
        onChange={(e) => setPassword(e.currentTarget.value)}
      />
      <Group justify="space-between">
        <Button variant="light" loading={busy} disabled={saved} onClick={() => void generate()}>
          Generate token
        </Button>
        <Button onClick={() => (saved ? onNext() : toast(MESSAGES.generateNexio, "red"))}>Next</Button>
      </Group>
    </Stack>
  );
}

/** Step 7: the final approval; the list comes back 4 s after it. */
function ApprovalStep({ vendor, refresh }: StepProps) {
  const go = useNavigate();
  const [approved, setApproved] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!vendor) return null;
  const done = vendor.status === "Approved";
  const submit = async () => {
    if (!approved) return toast(MESSAGES.finalApprovalRequired, "red");
    setBusy(true);
    try {
      await updateVendor({ id: vendor.id, status: "Approved" });
      await refresh();
      toast(MESSAGES.redirecting);
      setTimeout(() => void go({ to: "/admin/onboarding", search: {} }), REDIRECT_MS);
    } catch {
      toast(MESSAGES.unableToUpdate, "red");
      setBusy(false);
    }
  };
  return (
    <Stack>
      {done ? (
        <Alert color="green">This merchant is approved.</Alert>
      ) : (
        <Checkbox
          label="Final approval"
          checked={approved}
          onChange={(e) => setApproved(e.currentTarget.checked)}
        />
      )}
      <NextButton onClick={() => void submit()} disabled={done || busy}>
        Approve
      </NextButton>
    </Stack>
  );
}

import { withActor } from "@reachcx/core/actor/index";
import { useEnv } from "@reachcx/core/env";
import { createTenant, getTenant, updateSettings } from "@reachcx/core/tenant/index";
import { log } from "@reachcx/functions/log";
import { seedDemoCampaign } from "./seed-campaign.ts";
import { seedOnboarding } from "./seed-onboarding.ts";
import { SIMULATED_UNITS } from "./simulators/cxone-data.ts";

/** The demo tenants' CXone access keys are the simulator's (its discovery domain is the Env's default). */
const [ACME_CXONE, GLOBEX_CXONE] = SIMULATED_UNITS;

/** The demo organizations a fresh instance starts with (README lists them). */
export const DEMO = {
  provider: {
    tenant: { id: "provider", name: "ReachCX Provider", licenses: [] as string[] },
    user: { email: "super@provider.example", name: "Pat Provider", tenantRole: "SuperAdmin" },
    settings: {},
  },
  acme: {
    tenant: { id: "acme", name: "Acme Collections", licenses: ["ListManager", "MaxCIF", "PromptPay"] },
    user: { email: "admin@acme.example", name: "Alex Acme", tenantRole: "Admin" },
    settings: {
      icBU: "4600123",
      icProduct: "CXOne" as const,
      icAccessKey: ACME_CXONE?.accessKey,
      icAppSecret: ACME_CXONE?.appSecret,
    },
  },
  globex: {
    tenant: { id: "globex", name: "Globex Health", licenses: ["MaxCIF"] },
    user: { email: "admin@globex.example", name: "Gale Globex", tenantRole: "Admin" },
    settings: {
      icBU: "4600456",
      icProduct: "CXOne" as const,
      icAccessKey: GLOBEX_CXONE?.accessKey,
      icAppSecret: GLOBEX_CXONE?.appSecret,
    },
  },
};

export const DEFAULT_DEMO_PASSWORD = "reachcx-demo-2026";

/**
 * Seeds the demo data once: a store that already has the provider tenant is left as it is. Answers
 * whether it seeded, and the onboarding seed still running in the background (settled, never rejected),
 * which the runtime's stop waits for: a stop in the first seconds of a first start would otherwise cut
 * the demo merchants short, and the next start, finding the tenants, would not seed them again.
 */
export async function seedDemo(password: string): Promise<{ seeded: boolean; background: Promise<void> }> {
  const { identity } = useEnv();
  if (await getTenant(DEMO.provider.tenant.id)) return { seeded: false, background: Promise.resolve() };
  for (const demo of Object.values(DEMO)) {
    await createTenant(demo.tenant);
    await withActor({ type: "system", tenant: demo.tenant.id }, () => updateSettings(demo.settings));
    await identity.createUser({
      ...demo.user,
      password,
      tenant: demo.tenant.id,
      company: demo.tenant.name,
      securityRights: "1|1|1|1",
    });
  }
  // acme's demo campaign: a profile, two segments, a Pending campaign (seed-campaign.ts).
  await seedDemoCampaign();
  // Two merchants for the provider's onboarding screens, through the real workflow and simulators. Not
  // awaited: they take a few workflow steps, and the console need not wait for them to open.
  const background = useEnv().workflows
    ? seedOnboarding(DEMO.provider.tenant.id).catch((err: unknown) =>
        log.error("demo onboarding not seeded", { error: err }),
      )
    : Promise.resolve();
  return { seeded: true, background };
}

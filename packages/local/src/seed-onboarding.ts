import { withActor } from "@reachcx/core/actor/index";
import {
  completeApplication,
  createVendor,
  saveFees,
  saveGatewayCredentials,
  startOnboarding,
  updateVendor,
} from "@reachcx/core/onboarding/index";
import { ALL_CARD_FIELDS, AMEX_FIELDS, defaultsOf, VMD_FIELDS } from "@reachcx/core/onboarding/pricing";
import { GATEWAY_ACCOUNTS } from "./simulators/gateway.ts";

/**
 * The provider's demo merchants, onboarded through the real workflow against the simulators: one waiting
 * for the merchant to fill in the application (mid-onboarding), one approved. README lists them.
 */
export const DEMO_VENDORS = {
  midway: {
    id: "bean-street-coffee",
    name: "Bean Street Coffee",
    contactName: "Rosa Bean",
    contactEmail: "rosa@beanstreet.example",
  },
  approved: {
    id: "harbor-dental",
    name: "Harbor Dental",
    contactName: "Hal Harbor",
    contactEmail: "hal@harbordental.example",
  },
};

const pricing = (vendor: string) => ({
  vendor,
  type: "ERR" as const,
  vmdPricing: defaultsOf(VMD_FIELDS.ERR),
  amexPricing: defaultsOf(AMEX_FIELDS.ERR),
  fees: defaultsOf(ALL_CARD_FIELDS),
  internalExempt: false,
});

/** The hosted application page, filled in and submitted as the merchant would. */
async function submitApplication(url: string) {
  const form = new URLSearchParams({
    legalName: "Harbor Dental PLLC",
    taxId: "98-7654321",
    address: "12 Harbor Way, Portland ME",
    ownerName: "Hal Harbor",
    routingNumber: "011000015",
    accountNumber: "000123456789",
  });
  const res = await fetch(url, { method: "POST", body: form });
  if (!res.ok) throw new Error(`the application page answered ${res.status}`);
}

export async function seedOnboarding(providerTenant: string) {
  await withActor({ type: "system", tenant: providerTenant }, async () => {
    const { midway, approved } = DEMO_VENDORS;
    await createVendor(midway);
    await startOnboarding(midway.id);
    await saveFees(pricing(midway.id));

    await createVendor(approved);
    const started = await startOnboarding(approved.id);
    await saveFees(pricing(approved.id));
    if (started.applicationUrl) await submitApplication(started.applicationUrl);
    await completeApplication(approved.id);
    const account = GATEWAY_ACCOUNTS[0];
    if (account)
      await saveGatewayCredentials({
        vendorId: approved.id,
        username: account.username,
        password: account.password,
      });
    await updateVendor({ id: approved.id, status: "Approved" });
  });
}

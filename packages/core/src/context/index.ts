import { useUser } from "../actor/index.ts";
import { landingPath, parseRights } from "../rights/index.ts";
import { readSettings } from "../tenant/index.ts";

/**
 * The user context the console works from (spec 000 §3 "User context", spec 003 §3 tenant settings):
 * who the user is, what their rights and the tenant's licences allow, and where they land.
 */
export async function userContext() {
  const user = useUser();
  const settings = await readSettings();
  const licenses: string[] = settings.licenses;
  return {
    tenant: user.tenant,
    tenantRole: user.tenantRole,
    company: user.company,
    name: user.name,
    email: user.email,
    secRole: user.securityRights,
    securityRights: user.securityRights,
    rights: parseRights(user.securityRights),
    licenses,
    customFields: settings.customFields,
    queryFields: settings.queryFields ?? null,
    apiKey: settings.apiKey,
    icBU: settings.icBU,
    landing: landingPath({ licenses, icBU: settings.icBU, tenantRole: user.tenantRole }),
  };
}
export type UserContext = Awaited<ReturnType<typeof userContext>>;

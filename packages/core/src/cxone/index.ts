import { useTenant } from "../actor/index.ts";
import { useEnv, useStore } from "../env.ts";
import { VisibleError } from "../error/index.ts";
import { isMask } from "../secrets/index.ts";
import { CONNECTION_SUCCESSFUL, CONNECTION_UNSUCCESSFUL, type NicTestBody } from "./api.ts";
import { allowedDestination } from "./destination.ts";
import { type CxoneCredentials, type CxoneSession, type Logger, login, type Result } from "./login.ts";

export * from "./api.ts";
export * from "./client.ts";
export * from "./login.ts";
export { skillResultMessage } from "./skill-result.ts";

/** Spec 000 §9: the cloud platform's own discovery domain, used when a tenant names none. */
export const DEFAULT_DISCOVERY_DOMAIN = "cxone.niceincontact.com";

/** Spec 000 §9: the legacy platform's authorization token endpoint, the legacy form's starting value. */
export const DEFAULT_LEGACY_TOKEN_URL = "https://api.incontact.com/InContactAuthorizationServer/Token";

const defaultDiscovery = () => useEnv().cxone?.discoveryDomain ?? DEFAULT_DISCOVERY_DOMAIN;

/** What the connection forms start with (GET /api/login/nic/defaults); the simulator's in embedded mode. */
export const connectionDefaults = () => ({
  legacyTokenUrl: useEnv().cxone?.legacyTokenUrl ?? DEFAULT_LEGACY_TOKEN_URL,
  discoveryDomain: defaultDiscovery(),
});

/** The signed-in tenant's stored connection, its secrets decrypted; an error when it is incomplete. */
export async function storedCredentials(): Promise<Result<CxoneCredentials>> {
  const tenant = useTenant();
  const { secrets } = useEnv();
  const s = (await useStore().entities.tenantSettings.get({ tenant }).go()).data;
  const missing = (detail: string) => ({
    ok: false as const,
    error: { kind: "not_configured" as const, detail },
  });
  if (!s?.icBU) return missing("no business unit");
  if (s.icProduct === "Legacy") {
    if (!s.icGetAuthTokenURL || !s.icUserName || !s.icPassword || !s.icApp || !s.icVendor)
      return missing("legacy credentials incomplete");
    return {
      ok: true,
      value: {
        product: "Legacy",
        tokenUrl: s.icGetAuthTokenURL,
        userName: s.icUserName,
        password: await secrets.decrypt(s.icPassword),
        app: s.icApp,
        vendor: s.icVendor,
        businessUnit: s.icBU,
      },
    };
  }
  if (!s.icAccessKey || !s.icAppSecret) return missing("cloud credentials incomplete");
  return {
    ok: true,
    value: {
      product: s.icProduct === "Legacy Global" ? "Legacy Global" : "CXOne",
      businessUnit: s.icBU,
      accessKey: s.icAccessKey,
      appSecret: await secrets.decrypt(s.icAppSecret),
      discoveryDomain: s.icDiscoveryDomain || defaultDiscovery(),
      apiOverride: s.icAPIOverride || null,
    },
  };
}

/**
 * Logs the signed-in tenant in with its stored connection (POST /api/login/nic). A failure is logged
 * ("login failed") and refused with the connection-test message.
 */
export async function loginTenant(log?: Logger): Promise<CxoneSession> {
  const credentials = await storedCredentials();
  const session = credentials.ok ? await login(credentials.value, log) : credentials;
  if (!session.ok) {
    if (!credentials.ok) log?.("login failed", { error: credentials.error });
    throw new VisibleError("input", "cxone.login_failed", CONNECTION_UNSUCCESSFUL);
  }
  return session.value;
}

/** A logged-in client for the tenant, or null (logged) when it cannot log in: for the campaign work. */
export async function tenantSession(log?: Logger): Promise<CxoneSession | null> {
  const credentials = await storedCredentials();
  if (!credentials.ok) {
    log?.("login failed", { error: credentials.error });
    return null;
  }
  const session = await login(credentials.value, log);
  return session.ok ? session.value : null;
}

/**
 * Tests the connection as entered (POST /api/login/nic/test). A secret sent back as the mask is the
 * tenant's stored one, so the test of a saved form needs no retyping; another tenant's is never read.
 * Nothing is saved.
 */
export async function testConnection(body: NicTestBody, log?: Logger) {
  const stored = await storedSecrets();
  let credentials: CxoneCredentials;
  if (body.icProduct === "Legacy") {
    const password = isMask(body.icPassword) ? stored.icPassword : body.icPassword;
    if (!password) return failed(log, "no stored password");
    credentials = {
      product: "Legacy",
      tokenUrl: body.icGetAuthTokenURL,
      userName: body.icUserName,
      password,
      app: body.icApp,
      vendor: body.icVendor,
      businessUnit: body.icBU,
    };
  } else {
    const appSecret = isMask(body.icAppSecret) ? stored.icAppSecret : body.icAppSecret;
    if (!appSecret) return failed(log, "no stored application secret");
    credentials = {
      product: body.icProduct,
      businessUnit: body.icBU,
      accessKey: body.icAccessKey,
      appSecret,
      discoveryDomain: body.icDiscoveryDomain || defaultDiscovery(),
      apiOverride: body.icAPIOverride || null,
    };
  }
  const destinations =
    credentials.product === "Legacy"
      ? [credentials.tokenUrl]
      : [
          credentials.discoveryDomain.includes("://")
            ? credentials.discoveryDomain
            : `https://${credentials.discoveryDomain}`,
          ...(credentials.apiOverride ? [credentials.apiOverride] : []),
        ];
  for (const url of destinations)
    if (!(await allowedDestination(url))) return failed(log, "destination refused");
  const session = await login(credentials, log);
  return session.ok ? { success: true, message: CONNECTION_SUCCESSFUL } : failed();
}

function failed(log?: Logger, reason?: string) {
  if (reason) log?.("login failed", { reason });
  return { success: false, message: CONNECTION_UNSUCCESSFUL };
}

async function storedSecrets() {
  const tenant = useTenant();
  const { secrets } = useEnv();
  const s = (await useStore().entities.tenantSettings.get({ tenant }).go()).data;
  return {
    icPassword: s?.icPassword ? await secrets.decrypt(s.icPassword) : null,
    icAppSecret: s?.icAppSecret ? await secrets.decrypt(s.icAppSecret) : null,
  };
}

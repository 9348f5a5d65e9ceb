import { checkDestination } from "../net/outbound.ts";

/**
 * Whether a connection test may send a tenant's credentials to this URL: a quick refusal before any
 * login is tried. The outbound policy itself (net/outbound.ts) is applied again to every request.
 */
export async function allowedDestination(url: string): Promise<boolean> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.username || parsed.password) return false;
  const port = parsed.port ? Number(parsed.port) : parsed.protocol === "https:" ? 443 : 80;
  const destination = await checkDestination(parsed.hostname, port);
  // An unknown name cannot be reached either; the login then reports the connection unsuccessful.
  return destination.ok || destination.detail.startsWith("unknown");
}

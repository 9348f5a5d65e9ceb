import { lookup } from "node:dns/promises";
import { isIP } from "node:net";

/**
 * Where a connection test may send a tenant's credentials. The URLs come from a form, so on AWS a request
 * to the instance's own network (loopback, private ranges, link-local with the metadata service) is
 * refused before any byte is sent. In embedded mode the platform simulator lives on loopback, so only
 * link-local stays closed there. The check resolves the name; docs/decisions.md (CXone client) says what
 * it does not cover.
 */
export async function allowedDestination(url: string, mode: "aws" | "embedded"): Promise<boolean> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol !== "https:" && !(mode === "embedded" && parsed.protocol === "http:")) return false;
  if (parsed.username || parsed.password) return false;
  const host = parsed.hostname.replace(/^\[|\]$/g, "");
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : (await lookup(host, { all: true })).map((a) => a.address);
  } catch {
    // An unknown name cannot be reached either; the test then reports the connection unsuccessful.
    return true;
  }
  return addresses.every((address) => !closedAddress(address, mode));
}

export function closedAddress(address: string, mode: "aws" | "embedded"): boolean {
  const a = address.toLowerCase().replace(/^::ffff:/, "");
  const linkLocal = /^169\.254\./.test(a) || /^fe[89ab]/.test(a) || a === "fd00:ec2::254";
  if (linkLocal) return true;
  if (mode === "embedded") return false;
  return (
    /^127\./.test(a) ||
    /^10\./.test(a) ||
    /^192\.168\./.test(a) ||
    /^172\.(1[6-9]|2\d|3[01])\./.test(a) ||
    /^100\.(6[4-9]|[7-9]\d|1[01]\d|12[0-7])\./.test(a) ||
    /^0\./.test(a) ||
    a === "::1" ||
    a === "::" ||
    /^f[cd]/.test(a)
  );
}

/**
 * The console's security headers, one text for both modes: the embedded server sets them on every page
 * and file it serves (packages/local/src/server.ts), CloudFront adds them on AWS (stacks/Web.ts). The API
 * sets its own (hono's secureHeaders).
 */
export interface ConsolePolicyOptions {
  /**
   * Origins the console talks to besides its own. None in either mode today: the API and the live feed are
   * served on the console's origin (CloudFront routes /api/* and /live on AWS).
   */
  connect?: readonly string[];
  /**
   * The only origins the console may show in a frame: the merchant-services partner's application page
   * (spec 003 §2.8, /admin/onboarding/app/). None by default. The whole console gets the same frame-src,
   * not just that route: it is a single-page app, so a page reached by in-app navigation keeps the policy
   * of the document first loaded.
   */
  frame?: readonly string[];
}

/**
 * Scripts only from the console's own files (the Vite build emits no inline script). Styles also inline:
 * Mantine and Emotion write <style> elements at run time. No plugins, no <base> or form posts elsewhere,
 * and no one may frame the console.
 */
export function contentSecurityPolicy(options: ConsolePolicyOptions = {}): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src ${["'self'", ...(options.connect ?? [])].join(" ")}`,
    `frame-src ${options.frame?.length ? options.frame.join(" ") : "'none'"}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

export const REFERRER_POLICY = "strict-origin-when-cross-origin";

/** The headers of every response that is not the API's. */
export function consoleHeaders(options: ConsolePolicyOptions = {}): Record<string, string> {
  return {
    "Content-Security-Policy": contentSecurityPolicy(options),
    // For browsers that predate frame-ancestors.
    "X-Frame-Options": "DENY",
    "Referrer-Policy": REFERRER_POLICY,
    "X-Content-Type-Options": "nosniff",
  };
}

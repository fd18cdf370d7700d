import { pageContentSecurityPolicy, STRICT_TRANSPORT_SECURITY } from "./content-security-policy";

// The hosted flow's page itself (`/verify/{token}`, no sub-path): the only page a team may frame.
const HOSTED_PAGE = /^\/verify\/([A-Za-z0-9_-]{16,64})\/?$/;
// Pages whose forms may only post back here. The hosted flow and the onboarding app send people
// on to other sites (the team's redirect_url, the service's hosted URL), so they stay open.
const SAME_ORIGIN_FORMS = /^\/(console|docs)(\/|$)/;

export interface PageRequest {
  pathname: string;
  nonce: string;
  https: boolean;
  dev: boolean;
  /** The origin of the staff console's OpenID Connect issuer, whose sign-in page a form may reach. */
  oidcIssuerOrigin?: string | null;
  /** The origins a hosted page's team allows to frame it. */
  frameAncestorsFor: (token: string) => Promise<string[]>;
}

/** Response headers of one page view: CSP (with this request's nonce), framing, HSTS over https. */
export async function pageSecurityHeaders(request: PageRequest): Promise<Record<string, string>> {
  const hosted = HOSTED_PAGE.exec(request.pathname);
  // A failed lookup must not take the page down: it is answered as "never framed".
  const frameAncestors = hosted ? await request.frameAncestorsFor(hosted[1]!).catch(() => []) : [];
  const formAction = SAME_ORIGIN_FORMS.test(request.pathname)
    ? ["'self'", ...(request.oidcIssuerOrigin ? [request.oidcIssuerOrigin] : [])]
    : null;
  const headers: Record<string, string> = {
    "Content-Security-Policy": pageContentSecurityPolicy({
      nonce: request.nonce,
      dev: request.dev,
      https: request.https,
      frameAncestors,
      formAction,
    }),
  };
  // X-Frame-Options cannot name origins: it is sent (for browsers without frame-ancestors) only when nothing may frame the page.
  if (frameAncestors.length === 0) headers["X-Frame-Options"] = "DENY";
  if (request.https) headers["Strict-Transport-Security"] = STRICT_TRANSPORT_SECURITY;
  return headers;
}

/** A fresh, unguessable nonce per page view (128 bits, base64). */
export function newNonce(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
}

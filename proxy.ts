// Security headers of every page Next renders (issue 15): a Content-Security-Policy whose script
// nonce is fresh per request (Next reads it from the request's CSP header and puts it on its own
// scripts), frame-ancestors ('none', or the team's allowed origins on its hosted page), and HSTS
// over https. The API (/api/v1, /api/v2) never reaches Next: lib/server/http sets its own.
import { NextResponse, type NextRequest } from "next/server";
import { getConfig } from "@/lib/config";
import { getDb } from "@/lib/db";
import { hostedFrameAncestors } from "@/lib/server/security/hosted-frame-ancestors";
import { newNonce, pageSecurityHeaders } from "@/lib/server/security/page-security-headers";

export async function proxy(request: NextRequest) {
  const nonce = newNonce();
  const oidc = getConfig().auth.oidc;
  const headers = await pageSecurityHeaders({
    pathname: request.nextUrl.pathname,
    nonce,
    https: request.nextUrl.protocol === "https:" || request.headers.get("x-forwarded-proto") === "https",
    dev: process.env.NODE_ENV === "development",
    oidcIssuerOrigin: oidc ? new URL(oidc.issuer).origin : null,
    frameAncestorsFor: async (token) => hostedFrameAncestors(await getDb(), token),
  });
  const forwarded = new Headers(request.headers);
  forwarded.set("x-nonce", nonce);
  forwarded.set("Content-Security-Policy", headers["Content-Security-Policy"]!);
  const response = NextResponse.next({ request: { headers: forwarded } });
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}

export const config = {
  matcher: [
    {
      // Not static files, not the service API's paths, and not the two routes that answer raw
      // images with their own stricter policy (default-src 'none').
      source: "/((?!_next/static|_next/image|favicon\\.|api/|console/evidence/|verify/[^/]+/person-photo).*)",
      missing: [
        { type: "header", key: "next-router-prefetch" },
        { type: "header", key: "purpose", value: "prefetch" },
      ],
    },
  ],
};

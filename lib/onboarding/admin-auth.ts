import "server-only";
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { ADMIN_COOKIE, signAdminSession, verifyAdminSession } from "./admin-session";
import { getOnboardingConfig } from "./config";

export const SIGN_IN_PATH = "/applicants/sign-in";

/** Only our own pages are valid destinations after sign-in (no open redirect). */
export function safeNext(next: unknown): string {
  return typeof next === "string" && /^\/applicants(\/[A-Za-z0-9_-]*)?$/.test(next) ? next : "/applicants";
}

export async function isAdmin(): Promise<boolean> {
  const jar = await cookies();
  return verifyAdminSession(getOnboardingConfig().sessionSecret, jar.get(ADMIN_COOKIE)?.value);
}

/** For the staff pages: sends a visitor without a valid session to the sign-in page. */
export async function requireAdmin(here: string): Promise<void> {
  if (!(await isAdmin())) redirect(`${SIGN_IN_PATH}?next=${encodeURIComponent(safeNext(here))}`);
}

export async function startAdminSession(): Promise<void> {
  const config = getOnboardingConfig();
  const session = signAdminSession(config.sessionSecret);
  (await cookies()).set(ADMIN_COOKIE, session.value, {
    httpOnly: true,
    sameSite: "lax",
    secure: config.publicUrl.startsWith("https://"),
    path: "/applicants",
    expires: session.expires,
  });
}

export async function endAdminSession(): Promise<void> {
  (await cookies()).set(ADMIN_COOKIE, "", { httpOnly: true, sameSite: "lax", path: "/applicants", maxAge: 0 });
}

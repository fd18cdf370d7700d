import "server-only";
import { createHash, createHmac, timingSafeEqual } from "node:crypto";

// The applicants page's own sign-in: one shared staff password, and a signed, httpOnly cookie
// holding only an expiry. No user table: the customer's staff console proper is out of scope.

export const ADMIN_COOKIE = "onb_admin";
export const ADMIN_SESSION_SECONDS = 8 * 60 * 60;

function mac(secret: string, payload: string): Buffer {
  return createHmac("sha256", secret).update(payload).digest();
}

/** Equal-time comparison of two strings of any length (hashing first equalises the lengths). */
export function safeEqual(a: string, b: string): boolean {
  const ha = createHash("sha256").update(a).digest();
  const hb = createHash("sha256").update(b).digest();
  return timingSafeEqual(ha, hb);
}

export function signAdminSession(secret: string, now = Date.now()): { value: string; expires: Date } {
  const expires = new Date(now + ADMIN_SESSION_SECONDS * 1000);
  const payload = `v1.${Math.floor(expires.getTime() / 1000)}`;
  return { value: `${payload}.${mac(secret, payload).toString("base64url")}`, expires };
}

export function verifyAdminSession(secret: string, value: string | undefined, now = Date.now()): boolean {
  if (!value) return false;
  const match = /^(v1\.(\d{1,12}))\.([A-Za-z0-9_-]{43})$/.exec(value);
  if (!match) return false;
  const expected = mac(secret, match[1]!);
  const given = Buffer.from(match[3]!, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
  return Number(match[2]) * 1000 > now;
}

import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { Role } from "@/lib/db/schema";

// An invitation is a signed, expiring token (HMAC-SHA256 with the session key): nothing is stored
// until it is accepted, and it stops working once the person is a member.

export interface Invitation {
  teamId: string;
  email: string;
  role: Role;
  invitedBy: string;
  expiresAt: number;
}

const sign = (body: string, secret: string) => createHmac("sha256", `invite:${secret}`).update(body).digest("base64url");

export function encodeInvite(invitation: Invitation, secret: string): string {
  const body = Buffer.from(JSON.stringify({ ...invitation, n: randomBytes(6).toString("base64url") })).toString("base64url");
  return `${body}.${sign(body, secret)}`;
}

export function decodeInvite(token: string, secret: string, now = Date.now()): Invitation | null {
  const [body, mac] = token.split(".");
  if (!body || !mac || token.length > 2000) return null;
  const expected = Buffer.from(sign(body, secret));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const value = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as Invitation;
    return typeof value.expiresAt === "number" && value.expiresAt > now ? value : null;
  } catch {
    return null;
  }
}

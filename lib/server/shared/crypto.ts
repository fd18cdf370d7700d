import { hash, randomBytes, randomUUID, timingSafeEqual } from "node:crypto";

/** Secrets and tokens are 256-bit random values, so a plain SHA-256 is the right hash at rest. */
export function sha256(value: string): string {
  // The one-shot form: a quarter of createHash's time (every API request hashes its bearer token).
  return hash("sha256", value, "hex");
}

export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString("base64url");
}

/** Constant-time comparison of two hex digests of equal length. */
export function digestsEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, "hex");
  const right = Buffer.from(b, "hex");
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Short prefixed ids for rows (`team_…`, `usr_…`); verification ids are plain UUIDs. */
export function newId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString("base64url")}`;
}

export { randomUUID };

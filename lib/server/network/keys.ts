import { createHmac } from "node:crypto";
import anyAscii from "any-ascii";

/*
 * How the fraud network recognises "the same email" and "the same person" across teams without
 * holding anyone's raw data: values are normalised, then keyed with the platform's network key
 * (HMAC-SHA256). Equal inputs give equal keys; a key reveals nothing without the network key.
 */

/** Lower case, trimmed; the +tag dropped; Gmail's dots dropped (they deliver to one mailbox). */
export function normalizeEmail(email: string): string {
  const trimmed = email.trim().toLowerCase();
  const at = trimmed.lastIndexOf("@");
  if (at < 1) return trimmed;
  let local = trimmed.slice(0, at);
  let domain = trimmed.slice(at + 1);
  const plus = local.indexOf("+");
  if (plus > 0) local = local.slice(0, plus);
  if (domain === "googlemail.com") domain = "gmail.com";
  if (domain === "gmail.com") local = local.replace(/\./g, "");
  return `${local}@${domain}`;
}

/** ASCII (transliterated), lower case, letters and digits only, single spaces. */
export function normalizeName(name: string): string {
  return anyAscii(name)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

/** First and last name with date of birth; name word order does not matter. */
export function normalizeIdentity(firstName: string, lastName: string, dateOfBirth: string): string {
  const words = normalizeName(`${firstName} ${lastName}`).split(" ").filter(Boolean).sort();
  return `${words.join(" ")}|${dateOfBirth.trim()}`;
}

function keyed(networkKey: string, kind: string, value: string): string {
  return createHmac("sha256", networkKey).update(`${kind}:${value}`).digest("base64url");
}

export function emailKey(networkKey: string, email: string): string {
  return keyed(networkKey, "email", normalizeEmail(email));
}

/** Null when the name or the date of birth is missing: no identity to link. */
export function identityKey(
  networkKey: string,
  person: { firstName?: string | null; lastName?: string | null; dateOfBirth?: string | null },
): string | null {
  const { firstName, lastName, dateOfBirth } = person;
  if (!firstName?.trim() || !lastName?.trim() || !dateOfBirth?.trim()) return null;
  return keyed(networkKey, "identity", normalizeIdentity(firstName, lastName, dateOfBirth));
}

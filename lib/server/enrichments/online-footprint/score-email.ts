import { disposableEmailBlocklistSet } from "disposable-email-domains-js";
import { normalizeName } from "../../network/keys";
import { isFreeEmailProvider } from "./free-providers";
import { randomnessOf } from "./randomness";

/** One thing that lowered a score, with how much. */
export interface ScoreDeduction {
  reason: string;
  points: number;
}

export interface EmailScore {
  /** 0–100; 100 when nothing lowered it. */
  score: number;
  deductions: ScoreDeduction[];
  validSyntax: boolean;
  disposable: boolean;
  freeProvider: boolean;
  roleAddress: boolean;
}

export interface EmailOwner {
  firstName?: string | null;
  lastName?: string | null;
  dateOfBirth?: string | null;
}

// Mailboxes of a function, not a person (RFC 2142 and common practice).
const ROLE_LOCAL_PARTS = new Set(
  (
    "abuse accounts admin administrator billing careers contact enquiries enquiry hello help helpdesk hostmaster hr info " +
    "inquiries jobs legal mail marketing media newsletter no-reply noreply office orders postmaster press privacy " +
    "reception root sales security service support team test webmaster"
  ).split(" "),
);

const POINTS = { disposable: 60, role: 40, free: 10 } as const;

// Loaded once: the package builds a new Set on every `isDisposableEmailDomain` call.
let disposable: Set<string> | undefined;

/** The domain or any parent of it (a.b.mailinator.com) is on the maintained disposable list. */
export function isDisposableDomain(domain: string): boolean {
  disposable ??= disposableEmailBlocklistSet();
  const labels = domain.toLowerCase().split(".");
  for (let i = 0; i < labels.length - 1; i++) if (disposable.has(labels.slice(i).join("."))) return true;
  return false;
}

const LOCAL = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/i;
const DOMAIN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;

export function splitEmail(email: string): { local: string; domain: string } | null {
  const at = email.trim().lastIndexOf("@");
  if (at < 1) return null;
  const local = email.trim().slice(0, at);
  const domain = email
    .trim()
    .slice(at + 1)
    .toLowerCase();
  if (local.length > 64 || !LOCAL.test(local) || !DOMAIN.test(domain)) return null;
  return { local, domain };
}

/**
 * How much an email address looks like a real person's long-standing mailbox: syntax, a
 * disposable domain, a free provider, a role address, and a machine-made local part. The owner's
 * name and birth date are taken out of the local part before judging its randomness.
 */
export function scoreEmail(email: string, owner: EmailOwner = {}): EmailScore {
  const parts = splitEmail(email);
  if (!parts) {
    return {
      score: 0,
      deductions: [{ reason: "not a valid email address", points: 100 }],
      validSyntax: false,
      disposable: false,
      freeProvider: false,
      roleAddress: false,
    };
  }
  const deductions: ScoreDeduction[] = [];
  const local = parts.local.toLowerCase().split("+")[0]!;
  const isDisposable = isDisposableDomain(parts.domain);
  if (isDisposable) deductions.push({ reason: `disposable email domain (${parts.domain})`, points: POINTS.disposable });
  const free = !isDisposable && isFreeEmailProvider(parts.domain);
  if (free) deductions.push({ reason: `free email provider (${parts.domain})`, points: POINTS.free });
  const role = ROLE_LOCAL_PARTS.has(local.replace(/[._-]?\d+$/, ""));
  if (role) deductions.push({ reason: `role address (${local}@) rather than a person's mailbox`, points: POINTS.role });
  else {
    const randomness = randomnessOf(withoutOwner(local, owner));
    if (randomness.points > 0)
      deductions.push({ reason: `the part before @ looks machine-made (${randomness.reasons.join(", ")})`, points: randomness.points });
  }
  const score = Math.max(0, 100 - deductions.reduce((sum, d) => sum + d.points, 0));
  return { score, deductions, validSyntax: true, disposable: isDisposable, freeProvider: free, roleAddress: role };
}

/** The local part without the owner's names and birth-date digits, which are not random. */
function withoutOwner(local: string, owner: EmailOwner): string {
  let rest = local;
  const names = normalizeName(`${owner.firstName ?? ""} ${owner.lastName ?? ""}`)
    .split(" ")
    .filter((w) => w.length >= 2);
  for (const name of names.sort((a, b) => b.length - a.length)) rest = rest.split(name).join(".");
  const dob = /^(\d{4})-(\d{2})-(\d{2})$/.exec(owner.dateOfBirth ?? "");
  if (dob) {
    const [, year, month, day] = dob as unknown as [string, string, string, string];
    for (const digits of [
      `${day}${month}${year}`,
      `${year}${month}${day}`,
      `${day}${month}${year.slice(2)}`,
      `${month}${day}${year.slice(2)}`,
      year,
      year.slice(2),
    ]) {
      rest = rest.split(digits).join(".");
    }
  }
  return rest;
}

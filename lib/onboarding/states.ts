import type { VerificationStatusValue } from "@/lib/contract";

// Plain words for the applicant and the customer's staff. Shared by server pages and the polling
// client component, so it imports nothing server-side.

/** Where an applicant stands in our own sign-up (not the service's verification status). */
export const APPLICANT_STATES = [
  "pending",
  "approved",
  "refused",
  "verifying",
  "verified",
  "in_review",
  "locked_out",
  "closed",
  "expired",
] as const;
export type ApplicantState = (typeof APPLICANT_STATES)[number];

export const APPLICANT_STATE_LABEL: Record<ApplicantState, string> = {
  pending: "Pending",
  approved: "Account created",
  refused: "Refused",
  verifying: "Verifying identity",
  verified: "Verified, account created",
  in_review: "Needs review",
  locked_out: "Locked out",
  closed: "Closed",
  expired: "Verification expired",
};

export type Tone = "good" | "wait" | "warn" | "bad" | "neutral";

export const TONE_CLASS: Record<Tone, string> = {
  good: "bg-emerald-100 text-emerald-900 ring-emerald-300",
  wait: "bg-sky-100 text-sky-900 ring-sky-300",
  warn: "bg-amber-100 text-amber-950 ring-amber-300",
  bad: "bg-rose-100 text-rose-900 ring-rose-300",
  neutral: "bg-slate-100 text-slate-900 ring-slate-300",
};

export const APPLICANT_STATE_TONE: Record<ApplicantState, Tone> = {
  pending: "neutral",
  approved: "good",
  refused: "bad",
  verifying: "wait",
  verified: "good",
  in_review: "warn",
  locked_out: "bad",
  closed: "neutral",
  expired: "neutral",
};

/**
 * Statuses after which nothing happens without a person (or at all): the return page stops
 * polling there. ManuallyReviewed is in: a reviewer may take days, and we email the result.
 */
const SETTLED: ReadonlySet<VerificationStatusValue> = new Set([
  "Verified",
  "Refused",
  "LockedOut",
  "Cancelled",
  "Blocked",
  "ManuallyReviewed",
]);

export function isSettled(status: VerificationStatusValue, expired: boolean): boolean {
  return SETTLED.has(status) || (expired && status === "InProgress");
}

/** The applicant's state that follows from the verification's (wire-details: statuses). */
export function applicantStateFor(status: VerificationStatusValue, expired = false): ApplicantState {
  switch (status) {
    case "Verified":
      return "verified";
    case "Refused":
    case "ManuallyReviewed":
      return "in_review";
    case "LockedOut":
      return "locked_out";
    case "Cancelled":
    case "Blocked":
      return "closed";
    case "InProgress":
      return expired ? "expired" : "verifying";
    case "ReadyForReview":
      return "verifying";
  }
}

export interface Outcome {
  title: string;
  text: string;
  tone: Tone;
}

/** What the person who signed up reads on the return page. */
export function verificationOutcome(status: VerificationStatusValue, expired: boolean): Outcome {
  if (expired && status === "InProgress") {
    return {
      title: "Your identity check link has expired",
      text: "The link to check your identity ran out before the check was finished. Start again and we will send you a new one.",
      tone: "neutral",
    };
  }
  switch (status) {
    case "Verified":
      return {
        title: "You're verified",
        text: "Thank you. We have confirmed your identity and your account is ready to use.",
        tone: "good",
      };
    case "ReadyForReview":
      return {
        title: "We're checking your documents",
        text: "Thanks, we have everything we need. Checking usually takes a minute or two.",
        tone: "wait",
      };
    case "Refused":
    case "ManuallyReviewed":
      return {
        title: "We need to take a closer look",
        text: "We couldn't confirm your identity automatically, so a member of our team will review it. We'll contact you by email when it's done. You don't need to do anything now.",
        tone: "warn",
      };
    case "LockedOut":
      return {
        title: "We couldn't match your selfie",
        text: "Your selfie didn't match the photo on your document, so we couldn't verify you online. Please contact our support team and quote the reference below.",
        tone: "bad",
      };
    case "Cancelled":
      return {
        title: "This identity check was cancelled",
        text: "If you still want to open an account, please start again.",
        tone: "neutral",
      };
    case "Blocked":
      return {
        title: "We can't open an account for you",
        text: "We're sorry, we're not able to offer you an account. Please contact our support team if you have questions.",
        tone: "bad",
      };
    case "InProgress":
      return {
        title: "Your identity check isn't finished yet",
        text: "We're still waiting for your identity check to be completed. If you left it before the end, go back to it to finish.",
        tone: "wait",
      };
  }
}

/** Short status names for staff. */
export const VERIFICATION_STATUS_LABEL: Record<VerificationStatusValue, string> = {
  InProgress: "In progress",
  ReadyForReview: "Processing",
  Verified: "Verified",
  Refused: "Needs review",
  Cancelled: "Cancelled",
  LockedOut: "Locked out",
  Blocked: "Blocked",
  ManuallyReviewed: "Manually reviewed",
};

import type { VerificationStatus } from "@/lib/db/schema";

/*
 * The spec's display states (service-interface §3) from a case's wire status and what its
 * workflow asked for. The wire keeps the real API's statuses (`InProgress`, `Verified`, …); these
 * are the words staff and the sandbox use.
 */

export type DisplayState =
  | "In progress"
  | "Processing"
  | "Verified"
  | "Needs review"
  | "Awaiting a vouch"
  | "Verified by vouch"
  | "Locked out"
  | "Address only"
  | "Manually reviewed"
  | "Cancelled"
  | "Blocked";

export interface DisplayStateInput {
  status: VerificationStatus;
  /** The workflow's steps (photo_id, video_selfie, address_evidence, vouch, professional_vouch). */
  steps: readonly string[];
  /** Steps the person has finished; for a vouch workflow, whether only the referee's vouch is left. */
  completedSteps?: readonly string[];
}

const VOUCH_STEPS = ["vouch", "professional_vouch"];

export function displayState(input: DisplayStateInput): DisplayState {
  const vouched = input.steps.some((s) => VOUCH_STEPS.includes(s));
  const addressOnly = input.steps.length === 1 && input.steps[0] === "address_evidence";
  switch (input.status) {
    case "InProgress": {
      const left = input.steps.filter((s) => !(input.completedSteps ?? []).includes(s));
      return vouched && left.length > 0 && left.every((s) => VOUCH_STEPS.includes(s)) ? "Awaiting a vouch" : "In progress";
    }
    case "ReadyForReview":
      return "Processing";
    case "Verified":
      return addressOnly ? "Address only" : vouched ? "Verified by vouch" : "Verified";
    case "Refused":
      return "Needs review";
    case "LockedOut":
      return "Locked out";
    case "ManuallyReviewed":
      return "Manually reviewed";
    case "Cancelled":
      return "Cancelled";
    default:
      return "Blocked";
  }
}

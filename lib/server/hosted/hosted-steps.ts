import type { VerificationStatus } from "@/lib/db/schema";

// The screens of the hosted flow, chosen from what is stored (never from the browser), so the same
// link resumes where the person stopped, on any device.

export const CAPTURE_STEPS = ["photo_id", "video_selfie", "address_evidence"] as const;
export type CaptureStep = (typeof CAPTURE_STEPS)[number];
export type DocumentKind = "passport" | "national_id" | "driving_licence";
export const DOCUMENT_KINDS: readonly DocumentKind[] = ["passport", "national_id", "driving_licence"];

export type ResultKind = "verified" | "processing" | "review" | "locked_out" | "expired" | "cancelled";

export type HostedScreen =
  | { kind: "result"; result: ResultKind }
  | { kind: "consent" }
  | { kind: "claim" }
  | { kind: "step"; step: CaptureStep }
  /** The person names a referee, or waits for them (issue 13). */
  | { kind: "vouch"; step: "vouch" | "professional_vouch" }
  /** A referee, verified, confirms what they know of the person they vouch for. */
  | { kind: "referee_confirm" }
  /** A step this deployment cannot capture yet (vouching: issue 13). */
  | { kind: "unsupported"; step: string };

export function isCaptureStep(step: string): step is CaptureStep {
  return (CAPTURE_STEPS as readonly string[]).includes(step);
}

/**
 * Address documents the address step needs: two when address evidence is all the workflow asks
 * (issue 13's "Address only", as the spec's sandbox 888: name, address and age agreed by two
 * documents from different senders), one otherwise.
 */
export function addressDocumentsRequired(steps: readonly string[]): 1 | 2 {
  return steps.length === 1 && steps[0] === "address_evidence" ? 2 : 1;
}

/** The workflow's steps in capture order: the selfie is matched against the document's face, so photo ID goes first. */
export function orderSteps(steps: readonly string[]): string[] {
  const ordered = [...steps];
  const photo = ordered.indexOf("photo_id");
  const selfie = ordered.indexOf("video_selfie");
  if (photo > selfie && selfie >= 0) {
    ordered.splice(photo, 1);
    ordered.splice(selfie, 0, "photo_id");
  }
  return ordered;
}

export function resultOf(status: VerificationStatus): ResultKind | null {
  switch (status) {
    case "InProgress":
      return null;
    case "ReadyForReview":
      return "processing";
    case "Verified":
      return "verified";
    case "Refused":
    case "ManuallyReviewed":
      return "review";
    case "LockedOut":
      return "locked_out";
    default:
      return "cancelled";
  }
}

export function chooseScreen(input: {
  status: VerificationStatus;
  expired: boolean;
  consented: boolean;
  claimConfirmed: boolean;
  steps: readonly string[];
  accepted: Readonly<Record<string, string>>;
}): HostedScreen {
  const result = resultOf(input.status);
  if (result) return { kind: "result", result };
  if (input.expired) return { kind: "result", result: "expired" };
  if (!input.consented) return { kind: "consent" };
  if (!input.claimConfirmed) return { kind: "claim" };
  const next = input.steps.find((step) => !input.accepted[step]);
  if (!next) return { kind: "result", result: "processing" };
  if (isCaptureStep(next)) return { kind: "step", step: next };
  if (next === "vouch" || next === "professional_vouch") return { kind: "vouch", step: next };
  if (next === "referee_confirm") return { kind: "referee_confirm" };
  return { kind: "unsupported", step: next };
}

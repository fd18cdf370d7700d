import type { VerificationEventName } from "@/lib/contract";
import type { VerificationStatus } from "@/lib/db/schema";

// The verification lifecycle as a pure table (CONVENTIONS: state machine). Statuses are the wire
// values of wire-details; `webhook` is the spec-6 event the transition publishes, if any.

export type TransitionAction =
  | "complete" // the user submitted every step: checks run
  | "pass" // checks passed
  | "flag" // checks raised issues: a person decides (display "Needs review")
  | "lock_out" // liveness / face match failed
  | "start_review" // a reviewer takes the decision
  | "approve" // reviewer: verified
  | "reject" // reviewer: refused
  | "expire" // the link ran out before completion (status kept, event sent)
  | "cancel"
  | "restart"; // staff: back to the start, evidence kept

export interface Transition {
  from: VerificationStatus;
  action: TransitionAction;
  to: VerificationStatus;
  webhook: VerificationEventName | null;
}

export const TRANSITIONS: readonly Transition[] = [
  { from: "InProgress", action: "complete", to: "ReadyForReview", webhook: "UserCompleted" },
  { from: "ReadyForReview", action: "pass", to: "Verified", webhook: "Verified" },
  { from: "ReadyForReview", action: "flag", to: "Refused", webhook: "Refused" },
  { from: "InProgress", action: "lock_out", to: "LockedOut", webhook: null },
  { from: "ReadyForReview", action: "lock_out", to: "LockedOut", webhook: null },
  { from: "Refused", action: "start_review", to: "ManuallyReviewed", webhook: "ManuallyReviewed" },
  { from: "ReadyForReview", action: "start_review", to: "ManuallyReviewed", webhook: "ManuallyReviewed" },
  { from: "LockedOut", action: "start_review", to: "ManuallyReviewed", webhook: "ManuallyReviewed" },
  { from: "ManuallyReviewed", action: "approve", to: "Verified", webhook: "Verified" },
  { from: "ManuallyReviewed", action: "reject", to: "Refused", webhook: "Refused" },
  { from: "InProgress", action: "expire", to: "InProgress", webhook: "Expired" },
  { from: "InProgress", action: "cancel", to: "Cancelled", webhook: null },
  { from: "ReadyForReview", action: "restart", to: "InProgress", webhook: null },
  { from: "Refused", action: "restart", to: "InProgress", webhook: null },
  { from: "LockedOut", action: "restart", to: "InProgress", webhook: null },
  { from: "Cancelled", action: "restart", to: "InProgress", webhook: null },
];

/** Statuses after which the user has nothing left to do. */
export const FINAL_STATUSES: ReadonlySet<VerificationStatus> = new Set(["Verified", "Refused", "LockedOut", "Cancelled", "Blocked"]);

export function findTransition(from: VerificationStatus, action: TransitionAction): Transition | undefined {
  return TRANSITIONS.find((t) => t.from === from && t.action === action);
}

export function actionsFrom(from: VerificationStatus): TransitionAction[] {
  return TRANSITIONS.filter((t) => t.from === from).map((t) => t.action);
}

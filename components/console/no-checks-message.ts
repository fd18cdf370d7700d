/*
 * What the case page says where a case has no checks yet (issue 28 item 6). Checks are written
 * when the person finishes the hosted flow, so an in-progress case can already hold evidence and
 * accepted steps: the sentence says what is true of this case, not that nothing was submitted.
 */

export interface CaseProgress {
  /** The case's wire status (InProgress, Refused, …). */
  status: string;
  /** Evidence files stored for the case. */
  evidence: number;
  /** The hosted flow's attempts, oldest first. */
  attempts: { step: string; outcome: string }[];
}

const STEP_NAME: Record<string, string> = { photo_id: "photo ID", video_selfie: "video selfie", address_evidence: "proof of address" };
const name = (step: string) => STEP_NAME[step] ?? step.replace(/_/g, " ");

function list(items: string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

export function noChecksMessage(progress: CaseProgress): string {
  const accepted = [...new Set(progress.attempts.filter((a) => a.outcome === "accepted").map((a) => a.step))];
  const notAccepted = progress.attempts.filter((a) => a.outcome !== "accepted" && !accepted.includes(a.step));
  const submitted = progress.evidence > 0 || progress.attempts.length > 0;
  const open = progress.status === "InProgress";
  const parts: string[] = [];
  if (accepted.length) parts.push(`${list(accepted.map(name))} accepted`);
  if (notAccepted.length) {
    const steps = [...new Set(notAccepted.map((a) => a.step))];
    parts.push(
      `${notAccepted.length} ${notAccepted.length === 1 ? "attempt" : "attempts"} at the ${list(steps.map(name))} not accepted${open ? " yet" : ""}`,
    );
  }
  if (progress.evidence > 0) parts.push(`${progress.evidence} evidence ${progress.evidence === 1 ? "file" : "files"} stored`);
  const sofar = parts.length ? ` ${open ? "So far" : "On record"}: ${parts.join("; ")}.` : "";
  const below = progress.evidence > 0 || progress.attempts.length > 0 ? " The evidence and each attempt are shown below." : "";
  if (open) {
    if (!submitted) return "No checks yet: the person has not submitted any evidence.";
    return `No checks yet: they are recorded when the person finishes the flow.${sofar}${below}`;
  }
  if (!submitted) return "No checks were recorded for this case, and no evidence was submitted.";
  return `No checks were recorded for this case.${sofar}${below}`;
}

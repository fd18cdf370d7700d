// Wire statuses shown the way staff talk about them (ARCHITECTURE: lifecycle display names).
export const STATUS_LABELS: Record<string, { label: string; tone: string }> = {
  InProgress: { label: "In progress", tone: "bg-sky-100 text-sky-900 ring-sky-300" },
  ReadyForReview: { label: "Processing", tone: "bg-violet-100 text-violet-900 ring-violet-300" },
  Verified: { label: "Verified", tone: "bg-emerald-100 text-emerald-900 ring-emerald-300" },
  Refused: { label: "Refused", tone: "bg-amber-100 text-amber-950 ring-amber-300" },
  ManuallyReviewed: { label: "Under review", tone: "bg-slate-200 text-slate-900 ring-slate-300" },
  LockedOut: { label: "Locked out", tone: "bg-rose-100 text-rose-900 ring-rose-300" },
  Cancelled: { label: "Cancelled", tone: "bg-slate-200 text-slate-900 ring-slate-300" },
  Blocked: { label: "Blocked", tone: "bg-rose-100 text-rose-900 ring-rose-300" },
};

export const STATUS_ORDER = [
  "InProgress",
  "ReadyForReview",
  "Refused",
  "ManuallyReviewed",
  "Verified",
  "LockedOut",
  "Cancelled",
  "Blocked",
] as const;

export function StatusBadge({ status }: { status: string }) {
  const s = STATUS_LABELS[status] ?? { label: status, tone: "bg-slate-200 text-slate-900 ring-slate-300" };
  return (
    <span
      className={`inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${s.tone}`}
    >
      {s.label}
    </span>
  );
}

/** pass / fail / anything else, in words and colour (never colour alone). */
export function OutcomeBadge({ outcome }: { outcome: string }) {
  const tone =
    outcome === "pass"
      ? "bg-emerald-100 text-emerald-900 ring-emerald-300"
      : outcome === "fail"
        ? "bg-rose-100 text-rose-900 ring-rose-300"
        : "bg-slate-100 text-slate-800 ring-slate-300";
  const icon = outcome === "pass" ? "✓" : outcome === "fail" ? "✕" : "•";
  return (
    <span
      className={`inline-flex items-center gap-1 whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${tone}`}
    >
      <span aria-hidden="true">{icon}</span>
      {outcome}
    </span>
  );
}

export function ModeBadge({ mode }: { mode: "live" | "sandbox" }) {
  return mode === "sandbox" ? (
    <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-950 ring-1 ring-inset ring-amber-300">
      Sandbox
    </span>
  ) : (
    <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900 ring-1 ring-inset ring-emerald-300">
      Live
    </span>
  );
}

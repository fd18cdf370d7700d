const TONE: Record<string, { label: string; className: string }> = {
  stored: { label: "In mailbox", className: "bg-sky-100 text-sky-900 ring-sky-300" },
  sent: { label: "Sent", className: "bg-emerald-100 text-emerald-900 ring-emerald-300" },
  failed: { label: "Failed", className: "bg-rose-100 text-rose-900 ring-rose-300" },
};

/** What became of an outgoing email: kept in the local mailbox, handed to SMTP, or refused. */
export function MailStatus({ status }: { status: string }) {
  const tone = TONE[status] ?? { label: status, className: "bg-slate-100 text-slate-800 ring-slate-300" };
  return (
    <span
      data-testid="mail-status"
      className={`whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${tone.className}`}
    >
      {tone.label}
    </span>
  );
}

const TONES: Record<string, string> = {
  New: "bg-rose-100 text-rose-900 ring-rose-300",
  Acknowledged: "bg-amber-100 text-amber-950 ring-amber-300",
  Clear: "bg-emerald-100 text-emerald-900 ring-emerald-300",
};

export function AccountStatusBadge({ status }: { status: string }) {
  return (
    <span
      className={`inline-flex whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${TONES[status] ?? TONES.Clear}`}
    >
      {status === "New" ? "New alert" : status}
    </span>
  );
}

// Colour pairs chosen for at least 4.5:1 contrast (800-level text on 100-level fill).
const METHOD_STYLES: Record<string, string> = {
  get: "bg-emerald-100 text-emerald-800 ring-emerald-200",
  post: "bg-blue-100 text-blue-800 ring-blue-200",
  put: "bg-amber-100 text-amber-900 ring-amber-200",
  patch: "bg-violet-100 text-violet-800 ring-violet-200",
  delete: "bg-red-100 text-red-800 ring-red-200",
};

export function MethodBadge({ method, size = "md" }: { method: string; size?: "sm" | "md" }) {
  const style = METHOD_STYLES[method] ?? "bg-slate-100 text-slate-800 ring-slate-200";
  const sizing = size === "sm" ? "w-12 text-[0.65rem] py-0.5" : "min-w-16 px-2 py-1 text-xs";
  return (
    <span
      className={`inline-flex shrink-0 items-center justify-center rounded font-mono font-semibold uppercase ring-1 ring-inset ${style} ${sizing}`}
    >
      {method}
    </span>
  );
}

export function statusStyle(code: string): string {
  if (code.startsWith("2")) return "bg-emerald-100 text-emerald-800";
  if (code.startsWith("3")) return "bg-sky-100 text-sky-800";
  if (code.startsWith("4")) return "bg-amber-100 text-amber-900";
  if (code.startsWith("5")) return "bg-red-100 text-red-800";
  return "bg-slate-100 text-slate-800";
}

export function StatusBadge({ code }: { code: string }) {
  return (
    <span className={`inline-block min-w-12 rounded px-2 py-0.5 text-center font-mono text-xs font-semibold ${statusStyle(code)}`}>
      {code}
    </span>
  );
}

export function Pill({ children, tone = "slate" }: { children: React.ReactNode; tone?: "slate" | "red" | "brand" | "amber" }) {
  const tones = {
    slate: "bg-slate-100 text-slate-700",
    red: "bg-red-50 text-red-800",
    brand: "bg-brand-50 text-brand-700",
    amber: "bg-amber-50 text-amber-900",
  } as const;
  return <span className={`inline-block rounded px-1.5 py-0.5 text-[0.7rem] font-medium leading-none ${tones[tone]}`}>{children}</span>;
}

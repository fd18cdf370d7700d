/** Trust score 0–100 as a half-dial; bands as spec 2.7 (REJECT 0–33, REVIEW 34–59, CLEAR 60–100). */
export function ScoreGauge({ score, recommendation }: { score: number; recommendation: string }) {
  const clamped = Math.max(0, Math.min(100, score));
  const angle = Math.PI * (1 - clamped / 100);
  const x = 60 + 48 * Math.cos(angle);
  const y = 60 - 48 * Math.sin(angle);
  const color = clamped >= 60 ? "#047857" : clamped >= 34 ? "#b45309" : "#be123c";
  return (
    <figure className="flex flex-col items-center" role="img" aria-label={`Trust score ${clamped} of 100, ${recommendation}`}>
      <svg viewBox="0 0 120 70" className="w-48" aria-hidden="true">
        <path d="M12 60 A48 48 0 0 1 108 60" fill="none" stroke="#e2e8f0" strokeWidth="12" strokeLinecap="round" />
        <path d={`M12 60 A48 48 0 0 1 ${x.toFixed(2)} ${y.toFixed(2)}`} fill="none" stroke={color} strokeWidth="12" strokeLinecap="round" />
        <text x="60" y="58" textAnchor="middle" className="fill-slate-900" fontSize="22" fontWeight="700">
          {clamped}
        </text>
      </svg>
      <figcaption className="mt-1 text-sm font-semibold" style={{ color }}>
        {recommendation}
      </figcaption>
    </figure>
  );
}

export function RecommendationBadge({ value }: { value: string | null }) {
  const tone =
    value === "CLEAR"
      ? "bg-emerald-100 text-emerald-900 ring-emerald-300"
      : value === "REVIEW"
        ? "bg-amber-100 text-amber-950 ring-amber-300"
        : value === "REJECT"
          ? "bg-rose-100 text-rose-900 ring-rose-300"
          : "bg-slate-100 text-slate-800 ring-slate-300";
  return (
    <span className={`whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${tone}`}>
      {value ?? "Radar report"}
    </span>
  );
}

/** The visible progress of the sign-up: "Step 2 of 4" and the named steps, the current one marked. */
export function StepProgress({ steps, current }: { steps: readonly string[]; current: number }) {
  const percent = Math.round(((current + 1) / steps.length) * 100);
  return (
    <nav aria-label="Sign-up progress" className="mb-6">
      <p className="text-sm font-semibold text-indigo-800" data-testid="step-counter">
        Step {current + 1} of {steps.length}
      </p>
      <div className="mt-2 h-2 overflow-hidden rounded-full bg-slate-200 sm:hidden" aria-hidden="true">
        <div className="h-full rounded-full bg-indigo-700 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <ol className="mt-3 hidden gap-2 sm:grid" style={{ gridTemplateColumns: `repeat(${steps.length}, minmax(0, 1fr))` }}>
        {steps.map((label, i) => {
          const done = i < current;
          const isCurrent = i === current;
          return (
            <li key={label} aria-current={isCurrent ? "step" : undefined} className="flex flex-col gap-2">
              <span aria-hidden="true" className={`h-1.5 rounded-full ${done || isCurrent ? "bg-indigo-700" : "bg-slate-200"}`} />
              <span
                className={`flex items-start gap-2 text-sm leading-6 ${isCurrent ? "font-semibold text-slate-900" : done ? "text-slate-700" : "text-slate-600"}`}
              >
                <span
                  aria-hidden="true"
                  className={`inline-flex h-6 w-6 shrink-0 items-center justify-center rounded-full text-xs font-bold ${
                    done
                      ? "bg-indigo-700 text-white"
                      : isCurrent
                        ? "border-2 border-indigo-700 text-indigo-800"
                        : "border border-slate-400 text-slate-600"
                  }`}
                >
                  {done ? "✓" : i + 1}
                </span>
                {label}
                {done && <span className="sr-only"> (done)</span>}
              </span>
            </li>
          );
        })}
      </ol>
      {/* Phones show only the current step's name; the list above is for wider screens. */}
      <ol className="sr-only sm:hidden">
        {steps.map((label, i) => (
          <li key={label} aria-current={i === current ? "step" : undefined}>
            {label}
            {i < current ? " (done)" : ""}
          </li>
        ))}
      </ol>
    </nav>
  );
}

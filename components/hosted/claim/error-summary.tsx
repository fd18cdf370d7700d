"use client";

import type { Ref } from "react";
import { linkButton } from "../styles";

export interface SummaryError {
  /** The id of the field to take the person to. */
  target: string;
  text: string;
}

/**
 * GOV.UK's error summary: at the top of the form after a refused submit, focused (the caller moves
 * focus to it), each problem a link that puts the cursor in its field.
 */
export function ErrorSummary({ ref, title, errors }: { ref?: Ref<HTMLDivElement>; title: string; errors: readonly SummaryError[] }) {
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="alert"
      aria-labelledby="error-summary-title"
      className="rounded-xl border-4 border-rose-700 bg-white p-4 focus:outline-3 focus:outline-offset-2 focus:outline-amber-400"
      data-testid="error-summary"
    >
      <h2 id="error-summary-title" className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <ul className="mt-2 space-y-1.5">
        {errors.map((e) => (
          <li key={e.target + e.text}>
            <a
              href={`#${e.target}`}
              className={`${linkButton} text-rose-800`}
              onClick={(event) => {
                const field = document.getElementById(e.target);
                if (!field) return;
                event.preventDefault();
                field.scrollIntoView({ block: "center" });
                field.focus();
              }}
            >
              {e.text}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

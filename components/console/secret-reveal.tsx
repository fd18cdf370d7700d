"use client";

import { useState } from "react";
import { buttonSecondary } from "./styles";

/** A value shown once (a client secret, a signing secret, an invite link) with a copy button. */
export function SecretReveal({ label, value, note }: { label: string; value: string; note?: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="rounded-lg border border-emerald-300 bg-emerald-50 p-3" data-testid="secret-reveal">
      <p className="text-sm font-semibold text-emerald-950">{label}</p>
      <div className="mt-2 flex flex-col gap-2 sm:flex-row sm:items-center">
        <code
          className="min-w-0 flex-1 break-all rounded-md bg-white px-2 py-1.5 font-mono text-xs text-slate-900 ring-1 ring-emerald-200"
          data-testid="secret-value"
        >
          {value}
        </code>
        <button
          type="button"
          className={`${buttonSecondary} shrink-0 px-3 py-1.5`}
          onClick={async () => {
            await navigator.clipboard?.writeText(value).catch(() => {});
            setCopied(true);
          }}
        >
          {copied ? "Copied" : "Copy"}
        </button>
      </div>
      <p className="mt-2 text-xs text-emerald-950" aria-live="polite">
        {copied ? "Copied to the clipboard. " : ""}
        {note ?? "Store it now: it is not shown again."}
      </p>
    </div>
  );
}

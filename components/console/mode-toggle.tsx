"use client";

import { usePathname } from "next/navigation";
import { focusRing } from "./styles";

type Mode = "live" | "sandbox";

/** Live / Sandbox as two buttons of one form; the current one is pressed. Works without JavaScript. */
export function ModeToggle({ mode, action }: { mode: Mode; action: (formData: FormData) => Promise<void> }) {
  // After a switch, stay in the same section (a record of one mode does not exist in the other).
  const section = usePathname().split("/").slice(0, 3).join("/");
  const option = (value: Mode, label: string, on: string) => (
    <button
      type="submit"
      name="mode"
      value={value}
      aria-pressed={mode === value}
      className={`rounded-md px-3 py-1.5 text-sm font-semibold ${mode === value ? on : "text-slate-700 hover:bg-slate-200"} ${focusRing}`}
    >
      {label}
    </button>
  );
  return (
    <form action={action} aria-label="Data mode" className="flex items-center gap-1 rounded-lg bg-slate-100 p-1">
      <input type="hidden" name="back" value={section} />
      {option("live", "Live", "bg-emerald-700 text-white shadow-sm")}
      {option("sandbox", "Sandbox", "bg-amber-400 text-amber-950 shadow-sm")}
    </form>
  );
}

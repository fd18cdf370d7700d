import Link from "next/link";
import { focusRing } from "./focus";

/** A card that is one link: title, one line of why, and the address it leads to. */
export function LinkCard({
  href,
  title,
  description,
  external = false,
}: {
  href: string;
  title: string;
  description: string;
  external?: boolean;
}) {
  const className = `group flex h-full flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition hover:border-brand-500 hover:shadow-md ${focusRing}`;
  const body = (
    <>
      <h3 className="flex items-center justify-between gap-2 text-base font-semibold text-slate-900">
        {title}
        <span aria-hidden="true" className="text-brand-600 transition-transform group-hover:translate-x-0.5">
          →
        </span>
      </h3>
      <p className="mt-2 flex-1 text-sm leading-relaxed text-slate-700">{description}</p>
      <p className="mt-4 font-mono text-xs text-brand-700 [overflow-wrap:anywhere]">{href}</p>
    </>
  );
  // Routes served by the API server rather than Next get a plain anchor (no client-side routing).
  return external ? (
    <a href={href} className={className}>
      {body}
    </a>
  ) : (
    <Link href={href} className={className}>
      {body}
    </Link>
  );
}

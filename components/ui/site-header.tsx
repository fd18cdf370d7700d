import Link from "next/link";
import { focusRing } from "./focus";
import { LogoMark } from "./logo";

const LINKS = [
  { href: "/docs", label: "API reference", current: "docs" },
  { href: "/api/openapi.json", label: "OpenAPI", current: null, wide: true },
  { href: "/console", label: "Console", current: null },
] as const;

/** Top bar shared by the public pages: skip link, home link and the main destinations. */
export function SiteHeader({ current }: { current?: "home" | "docs" }) {
  return (
    <header className="border-b border-slate-200 bg-white">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-3 focus:z-50 focus:rounded-md focus:bg-brand-700 focus:px-3 focus:py-2 focus:text-sm focus:font-medium focus:text-white"
      >
        Skip to content
      </a>
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-3 sm:px-6 lg:px-8">
        <Link
          href="/"
          className={`flex items-center gap-2 text-lg font-semibold tracking-tight text-slate-900 ${focusRing}`}
          aria-current={current === "home" ? "page" : undefined}
        >
          <LogoMark />
          Verity
        </Link>
        <nav aria-label="Site">
          <ul className="flex items-center gap-1 text-sm font-medium sm:gap-2">
            {LINKS.map((link) => {
              const isCurrent = link.current !== null && link.current === current;
              const className = `block rounded-md px-2.5 py-1.5 ${isCurrent ? "bg-brand-50 text-brand-700" : "text-slate-700 hover:bg-slate-100 hover:text-slate-900"} ${focusRing}`;
              return (
                <li key={link.href} className={"wide" in link && link.wide ? "hidden sm:block" : undefined}>
                  {link.href.startsWith("/api/") ? (
                    // Served by the API server, not a Next page: a plain link, no client routing.
                    <a href={link.href} className={className}>
                      {link.label}
                    </a>
                  ) : (
                    <Link href={link.href} className={className} aria-current={isCurrent ? "page" : undefined}>
                      {link.label}
                    </Link>
                  )}
                </li>
              );
            })}
          </ul>
        </nav>
      </div>
    </header>
  );
}

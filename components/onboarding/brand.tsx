import Link from "next/link";
import { ring } from "./ui";

/** The customer's own brand (the onboarding app is the customer's app, not the service's). */
export const BRAND = "Demo Money";

export function BrandMark({ className = "h-8 w-8" }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" focusable="false" className={className}>
      <rect x="2" y="2" width="28" height="28" rx="8" className="fill-indigo-700" />
      <path d="M9 21V11l7 6 7-6v10" fill="none" stroke="white" strokeWidth="2.6" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

export function BrandHeader({ children, wide = true }: { children?: React.ReactNode; wide?: boolean }) {
  return (
    <header className="border-b border-slate-200 bg-white">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-3 focus:z-50 focus:rounded-md focus:bg-indigo-700 focus:px-3 focus:py-2 focus:text-sm focus:font-semibold focus:text-white"
      >
        Skip to content
      </a>
      <div className={`mx-auto flex items-center justify-between gap-4 px-4 py-3 sm:px-6 ${wide ? "max-w-5xl" : "max-w-2xl"}`}>
        <Link href="/signup" className={`flex items-center gap-2 rounded-md text-lg font-bold tracking-tight text-slate-900 ${ring}`}>
          <BrandMark />
          {BRAND}
        </Link>
        {children}
      </div>
    </header>
  );
}

export function PageShell({ children, header, wide = false }: { children: React.ReactNode; header?: React.ReactNode; wide?: boolean }) {
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <BrandHeader wide={wide}>{header}</BrandHeader>
      <main id="main" className={`mx-auto w-full flex-1 px-4 py-6 sm:px-6 sm:py-12 ${wide ? "max-w-5xl" : "max-w-2xl"}`}>
        {children}
      </main>
      <footer className="border-t border-slate-200 bg-white">
        <p className={`mx-auto px-4 py-4 text-sm text-slate-600 sm:px-6 ${wide ? "max-w-5xl" : "max-w-2xl"}`}>
          {BRAND} is a demo customer of the identity service. Your details are checked to protect you from fraud.
        </p>
      </footer>
    </div>
  );
}

import type { Metadata } from "next";
import Link from "next/link";
import { LogoMark } from "@/components/ui/logo";
import { ConsoleNav } from "@/components/console/console-nav";
import { ModeToggle } from "@/components/console/mode-toggle";
import { QueryProvider } from "@/components/console/query-provider";
import { TeamSwitcher } from "@/components/console/team-switcher";
import { buttonSecondary, focusRing } from "@/components/console/styles";
import { requireStaff } from "@/lib/auth/staff-context";
import { signOutAction, switchMode, switchTeam } from "./shell-actions";

export const dynamic = "force-dynamic";
export const metadata: Metadata = {
  title: { default: "Console", template: "%s · Console · Verity" },
  robots: { index: false, follow: false },
};

/** Every console page: signed in (checked here on the server), one team and one mode at a time. */
export default async function ConsoleLayout({ children }: { children: React.ReactNode }) {
  const context = await requireStaff();
  const sandbox = context.mode === "sandbox";
  return (
    <QueryProvider>
      <div className={`min-h-screen ${sandbox ? "border-t-4 border-amber-400" : ""}`}>
        <header className="bg-white">
          <a
            href="#main"
            className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-3 focus:z-50 focus:rounded-md focus:bg-brand-700 focus:px-3 focus:py-2 focus:text-sm focus:font-medium focus:text-white"
          >
            Skip to content
          </a>
          <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3 lg:px-6">
            <div className="flex min-w-0 items-center gap-3">
              <Link
                href="/console"
                className={`flex shrink-0 items-center gap-2 text-lg font-semibold tracking-tight text-slate-900 ${focusRing}`}
              >
                <LogoMark />
                <span>Verity</span>
              </Link>
              <span aria-hidden="true" className="text-slate-300">
                /
              </span>
              <TeamSwitcher teams={context.user.teams} currentId={context.team.id} action={switchTeam} />
            </div>
            <div className="flex items-center gap-3">
              <ModeToggle mode={context.mode} action={switchMode} />
              <form action={signOutAction} className="flex items-center gap-2">
                <span className="hidden max-w-48 truncate text-sm text-slate-700 md:inline" title={context.user.email}>
                  {context.user.email}
                </span>
                <button type="submit" className={`${buttonSecondary} px-3 py-1.5`}>
                  Sign out
                </button>
              </form>
            </div>
          </div>
        </header>
        <ConsoleNav />
        {sandbox ? (
          <div role="status" className="border-b border-amber-300 bg-amber-50">
            <p className="mx-auto max-w-7xl px-4 py-2 text-sm font-medium text-amber-950 lg:px-6">
              Sandbox mode: test data only. Nothing here is billed or sent to real people.
            </p>
          </div>
        ) : null}
        <main id="main" className="mx-auto max-w-7xl px-4 py-6 lg:px-6 lg:py-8">
          {children}
        </main>
      </div>
    </QueryProvider>
  );
}

"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { focusRing } from "./styles";

export const NAV_ITEMS = [
  { href: "/console", label: "Overview" },
  { href: "/console/cases", label: "Cases" },
  { href: "/console/risk", label: "Risk" },
  { href: "/console/accounts", label: "Alerts" },
  { href: "/console/workflows", label: "Workflows" },
  { href: "/console/integrations", label: "API integrations" },
  { href: "/console/webhooks", label: "Webhooks" },
  { href: "/console/blocklist", label: "Blocklist" },
  { href: "/console/settings", label: "Settings" },
  { href: "/console/members", label: "Members" },
  { href: "/console/mailbox", label: "Mailbox" },
  { href: "/console/audit", label: "Audit log" },
] as const;

/** The console's sections; scrolls sideways on a phone instead of wrapping into a wall. */
export function ConsoleNav() {
  const pathname = usePathname();
  return (
    <nav aria-label="Console" className="border-b border-slate-200 bg-white">
      <ul className="mx-auto flex max-w-7xl gap-1 overflow-x-auto px-2 text-sm font-medium sm:px-4 lg:px-6">
        {NAV_ITEMS.map((item) => {
          const current = item.href === "/console" ? pathname === "/console" : pathname.startsWith(item.href);
          return (
            <li key={item.href} className="shrink-0">
              <Link
                href={item.href}
                aria-current={current ? "page" : undefined}
                className={`block border-b-2 px-3 py-3 ${current ? "border-brand-700 text-brand-700" : "border-transparent text-slate-700 hover:border-slate-300 hover:text-slate-900"} ${focusRing}`}
              >
                {item.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { EmptyState, formatDateTime } from "./page-header";
import { StatusBadge } from "./status-badge";
import { focusRing } from "./styles";

export interface CaseRowView {
  id: string;
  email: string;
  status: string;
  workflowId: string;
  externalId: string | null;
  createdAt: string;
  canned: boolean;
  /** Address only, Awaiting a vouch, Verified by vouch: the spec's display state where the status does not tell it. */
  displayState: string | null;
}

interface CasePage {
  cases: CaseRowView[];
  nextCursor: string | null;
}

/**
 * The case list, kept fresh by polling the console's route handler every five seconds (new cases
 * and status changes appear without a reload). The server rendered the first answer.
 */
export function CasesTable({ initial, params, scope }: { initial: CasePage; params: Record<string, string>; scope: string }) {
  const search = new URLSearchParams(params).toString();
  const { data, isFetching, isError } = useQuery({
    queryKey: ["cases", scope, search],
    queryFn: async (): Promise<CasePage> => {
      const res = await fetch(`/console/api/cases?${search}`, { headers: { accept: "application/json" } });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      return res.json();
    },
    initialData: initial,
    refetchInterval: 5_000,
  });
  return (
    <div>
      <p className="sr-only" aria-live="polite">
        {isError ? "Live updates paused: the console could not be reached." : ""}
      </p>
      <div className="mb-2 flex items-center justify-end gap-2 text-xs text-slate-600">
        <span
          aria-hidden="true"
          className={`inline-block h-2 w-2 rounded-full ${isError ? "bg-rose-600" : isFetching ? "bg-amber-500" : "bg-emerald-600"}`}
        />
        {isError ? "Live updates paused" : "Live: refreshes every 5 s"}
      </div>
      {data.cases.length === 0 ? (
        <EmptyState title="No cases match">Try another status or search.</EmptyState>
      ) : (
        <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Cases, newest first</caption>
            <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase tracking-wide text-slate-700">
              <tr>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Case
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Status
                </th>
                <th scope="col" className="hidden px-4 py-3 font-semibold md:table-cell">
                  Workflow
                </th>
                <th scope="col" className="hidden px-4 py-3 font-semibold lg:table-cell">
                  External id
                </th>
                <th scope="col" className="hidden px-4 py-3 font-semibold sm:table-cell">
                  Created
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {data.cases.map((c) => (
                <tr key={c.id} className="hover:bg-slate-50">
                  <td className="max-w-0 px-4 py-3 sm:max-w-none">
                    <Link
                      href={`/console/cases/${encodeURIComponent(c.id)}`}
                      className={`block truncate font-medium text-brand-700 hover:underline ${focusRing}`}
                    >
                      {c.email}
                    </Link>
                    <span className="block truncate font-mono text-xs text-slate-600">
                      {c.id}
                      {c.canned ? " · canned sandbox case" : ""}
                    </span>
                  </td>
                  <td className="px-4 py-3">
                    <StatusBadge status={c.status} />
                    {c.displayState ? <span className="mt-1 block text-xs font-medium text-sky-900">{c.displayState}</span> : null}
                  </td>
                  <td className="hidden px-4 py-3 text-slate-700 md:table-cell">{c.workflowId}</td>
                  <td className="hidden px-4 py-3 font-mono text-xs text-slate-700 lg:table-cell">{c.externalId ?? "—"}</td>
                  <td className="hidden whitespace-nowrap px-4 py-3 text-slate-700 sm:table-cell">{formatDateTime(c.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

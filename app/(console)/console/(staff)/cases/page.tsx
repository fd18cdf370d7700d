import type { Metadata } from "next";
import Link from "next/link";
import { CasesTable } from "@/components/console/cases-table";
import { PageHeader } from "@/components/console/page-header";
import { STATUS_LABELS, STATUS_ORDER } from "@/components/console/status-badge";
import { buttonPrimary, buttonSecondary, inputClass, labelClass } from "@/components/console/styles";
import { requireStaff } from "@/lib/auth/staff-context";
import { DISPLAY_FILTERS, parseCaseFilter, searchCases } from "@/lib/server/console/search-cases";

export const metadata: Metadata = { title: "Cases" };

export default async function CasesPage({ searchParams }: { searchParams: Promise<{ status?: string; q?: string; cursor?: string }> }) {
  const context = await requireStaff();
  const raw = await searchParams;
  const filter = parseCaseFilter(raw.status);
  const q = (raw.q ?? "").slice(0, 200);
  const params: Record<string, string> = {};
  if (filter.status ?? filter.display) params.status = (filter.status ?? filter.display)!;
  if (q) params.q = q;
  if (raw.cursor) params.cursor = raw.cursor;
  const result = await searchCases(context.db, context.tenant, { ...filter, q, cursor: raw.cursor });
  const data = result.ok ? result.value : { cases: [], nextCursor: null };
  const next = result.ok && result.value.nextCursor ? new URLSearchParams({ ...params, cursor: result.value.nextCursor }).toString() : null;
  const first = new URLSearchParams({ ...params, cursor: "" });
  first.delete("cursor");

  return (
    <>
      <PageHeader
        title="Cases"
        description={context.mode === "sandbox" ? "Sandbox cases you created through the API, then the canned sandbox cases 111–999." : "Identity verifications of your live integration."}
      />
      <form role="search" aria-label="Cases" className="mb-4 grid gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-[1fr_12rem_auto] sm:items-end">
        <div>
          <label htmlFor="q" className={labelClass}>
            Search
          </label>
          <input id="q" name="q" type="search" defaultValue={q} placeholder="Email, case id or external id" className={`mt-1 ${inputClass}`} />
        </div>
        <div>
          <label htmlFor="status" className={labelClass}>
            Status
          </label>
          <select id="status" name="status" defaultValue={params.status ?? ""} className={`mt-1 ${inputClass}`}>
            <option value="">Any status</option>
            {STATUS_ORDER.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABELS[s]!.label}
              </option>
            ))}
            <optgroup label="Display states">
              {Object.entries(DISPLAY_FILTERS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </optgroup>
          </select>
        </div>
        <div className="flex gap-2">
          <button type="submit" className={buttonPrimary}>
            Search
          </button>
          {q || params.status ? (
            <Link href="/console/cases" className={buttonSecondary}>
              Clear
            </Link>
          ) : null}
        </div>
      </form>
      {!result.ok ? (
        <p role="alert" className="mb-4 text-sm font-medium text-rose-800">
          {result.error.message}
        </p>
      ) : null}
      <CasesTable initial={data} params={params} scope={`${context.team.id}:${context.mode}`} />
      <nav aria-label="Pages" className="mt-4 flex justify-between gap-2">
        {raw.cursor ? (
          <Link href={`/console/cases?${first.toString()}`} className={buttonSecondary}>
            ← First page
          </Link>
        ) : (
          <span />
        )}
        {next ? (
          <Link href={`/console/cases?${next}`} className={buttonSecondary}>
            Next page →
          </Link>
        ) : null}
      </nav>
    </>
  );
}

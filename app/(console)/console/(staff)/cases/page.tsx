import type { Metadata } from "next";
import { CasesTable } from "@/components/console/cases-table";
import { FilterBar, ListError, PageLinks, StatusSelect } from "@/components/console/list-page";
import { PageHeader } from "@/components/console/page-header";
import { STATUS_LABELS, STATUS_ORDER } from "@/components/console/status-badge";
import { inputClass, labelClass } from "@/components/console/styles";
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
        description={
          context.mode === "sandbox"
            ? "Sandbox cases you created through the API, then the canned sandbox cases 111–999."
            : "Identity verifications of your live integration."
        }
      />
      <FilterBar
        label="Cases"
        submit="Search"
        clearHref="/console/cases"
        active={!!(q || params.status)}
        className="grid gap-3 sm:grid-cols-[1fr_12rem_auto] sm:items-end"
      >
        <div>
          <label htmlFor="q" className={labelClass}>
            Search
          </label>
          <input
            id="q"
            name="q"
            type="search"
            defaultValue={q}
            placeholder="Email, case id or external id"
            className={`mt-1 ${inputClass}`}
          />
        </div>
        <div>
          <StatusSelect value={params.status ?? ""}>
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
          </StatusSelect>
        </div>
      </FilterBar>
      <ListError message={result.ok ? null : result.error.message} />
      <CasesTable initial={data} params={params} scope={`${context.team.id}:${context.mode}`} />
      <PageLinks firstHref={raw.cursor ? `/console/cases?${first.toString()}` : null} nextHref={next ? `/console/cases?${next}` : null} />
    </>
  );
}

import Link from "next/link";
import { EmptyState } from "./page-header";
import { buttonPrimary, buttonSecondary, cardClass, inputClass, labelClass } from "./styles";

/*
 * The blocks every console list page is made of: the filter bar above the list, the table of rows
 * (or the empty state), the list's error and the page links. Pages keep what differs: their
 * columns, cells and filter fields.
 */

export interface Column {
  label: string;
  /** Extra classes: when the column shows (`hidden md:table-cell`) or its width (`w-px`). */
  className?: string;
}

/** A list's table in its card, with a caption for screen readers; the empty state when there are no rows. */
export function ListTable({
  caption,
  columns,
  empty,
  children,
  testId,
}: {
  caption: string;
  columns: Column[];
  empty: { title: string; body?: React.ReactNode } | null;
  children: React.ReactNode;
  testId?: string;
}) {
  if (empty) return <EmptyState title={empty.title}>{empty.body}</EmptyState>;
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
      <table className="w-full text-left text-sm" data-testid={testId}>
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase tracking-wide text-slate-700">
          <tr>
            {columns.map((column) => (
              <th key={column.label} scope="col" className={`${column.className ?? ""} px-4 py-3 font-semibold`.trim()}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </div>
  );
}

/** A list's filter form (GET, so the filter is in the address): its fields, then the submit button and, while a filter is set, Clear. */
export function FilterBar({
  label,
  submit,
  clearHref,
  active,
  className,
  children,
}: {
  label: string;
  submit: string;
  clearHref: string;
  active: boolean;
  className: string;
  children: React.ReactNode;
}) {
  return (
    <form role="search" aria-label={label} className={`${cardClass} mb-4 p-4 ${className}`}>
      {children}
      <div className="flex gap-2">
        <button type="submit" className={buttonPrimary}>
          {submit}
        </button>
        {active ? (
          <Link href={clearHref} className={buttonSecondary}>
            Clear
          </Link>
        ) : null}
      </div>
    </form>
  );
}

/** A status select of a filter bar, "Any status" first. */
export function StatusSelect({ value, children }: { value: string; children: React.ReactNode }) {
  return (
    <>
      <label htmlFor="status" className={labelClass}>
        Status
      </label>
      <select id="status" name="status" defaultValue={value} className={`mt-1 ${inputClass}`}>
        <option value="">Any status</option>
        {children}
      </select>
    </>
  );
}

/** What the list's read refused (a bad cursor or filter), said above the list. */
export function ListError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="mb-4 text-sm font-medium text-rose-800">
      {message}
    </p>
  );
}

/** Back to the first page (once past it) and on to the next (while there is one): keyset pages have no numbers. */
export function PageLinks({ firstHref, nextHref }: { firstHref: string | null; nextHref: string | null }) {
  if (!firstHref && !nextHref) return null;
  return (
    <nav aria-label="Pages" className="mt-4 flex justify-between gap-2">
      {firstHref ? (
        <Link href={firstHref} className={buttonSecondary}>
          ← First page
        </Link>
      ) : (
        <span />
      )}
      {nextHref ? (
        <Link href={nextHref} className={buttonSecondary}>
          Next page →
        </Link>
      ) : null}
    </nav>
  );
}

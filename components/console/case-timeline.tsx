import { formatDateTime } from "./page-header";
import { StatusBadge } from "./status-badge";

export interface TimelineEntryView {
  id: string;
  event: string;
  fromStatus: string | null;
  toStatus: string;
  actorType: string;
  actorEmail: string | null;
  actorId: string | null;
  note: string | null;
  createdAt: string;
}

const ACTORS: Record<string, string> = { system: "System", api_client: "API client", cli: "Admin CLI", staff: "Staff" };

/** Every transition of the case, oldest first: who, when, from which status to which, and why. */
export function CaseTimeline({ entries }: { entries: TimelineEntryView[] }) {
  if (entries.length === 0) return <p className="text-sm text-slate-700">No transitions yet.</p>;
  return (
    <ol className="relative space-y-4 border-l-2 border-slate-200 pl-5" data-testid="timeline">
      {entries.map((e) => (
        <li key={e.id} className="relative">
          <span
            aria-hidden="true"
            className="absolute -left-[1.6rem] top-1.5 h-3 w-3 rounded-full border-2 border-white bg-brand-600 ring-1 ring-brand-600"
          />
          <p className="flex flex-wrap items-center gap-2 text-sm">
            <span className="font-semibold text-slate-900">{e.event}</span>
            {e.fromStatus ? (
              <>
                <StatusBadge status={e.fromStatus} />
                <span aria-label="to">→</span>
              </>
            ) : null}
            <StatusBadge status={e.toStatus} />
          </p>
          <p className="mt-0.5 text-xs text-slate-700">
            {formatDateTime(e.createdAt)} · {e.actorEmail ?? ACTORS[e.actorType] ?? e.actorType}
            {e.actorType !== "staff" && e.actorId ? ` (${e.actorId})` : ""}
          </p>
          {e.note ? <p className="mt-1 rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-800">“{e.note}”</p> : null}
        </li>
      ))}
    </ol>
  );
}

import type { StoredCaptureSignals } from "@/lib/contract/capture-signals";
import { describeCaptureSignals } from "./describe-capture-signals";
import { formatDateTime } from "./page-header";
import { cardClass } from "./styles";

export interface AttemptRow {
  id: string;
  step: string;
  outcome: string;
  reason: string | null;
  durationMs: number | null;
  summary: string | null;
  /** Selfie attempts only: what the person's browser said about its camera. */
  captureSignals?: StoredCaptureSignals | null;
  createdAt: string;
}

const STEP = { photo_id: "Photo ID", video_selfie: "Video selfie", address_evidence: "Address" } as Record<string, string>;
const TONE: Record<string, string> = {
  accepted: "bg-emerald-100 text-emerald-900",
  retake: "bg-amber-100 text-amber-950",
  failed: "bg-rose-100 text-rose-900",
};

/** The person's attempts at each step of the hosted flow: what the engines said each time. */
export function CaseAttempts({ attempts, maxAttempts }: { attempts: AttemptRow[]; maxAttempts: number }) {
  if (attempts.length === 0) return <p className="text-sm text-slate-700">No attempts yet.</p>;
  return (
    <div className={`${cardClass} overflow-x-auto`}>
      <table className="w-full text-left text-sm" data-testid="attempts">
        <caption className="sr-only">Attempts at each step; at most {maxAttempts} failed attempts per step</caption>
        <thead className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-600">
          <tr>
            <th scope="col" className="px-4 py-2">
              When
            </th>
            <th scope="col" className="px-4 py-2">
              Step
            </th>
            <th scope="col" className="px-4 py-2">
              Outcome
            </th>
            <th scope="col" className="px-4 py-2">
              Details
            </th>
            <th scope="col" className="px-4 py-2 text-right">
              Server time
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {attempts.map((a) => (
            <tr key={a.id}>
              <td className="whitespace-nowrap px-4 py-2 text-slate-800">{formatDateTime(a.createdAt)}</td>
              <td className="px-4 py-2 text-slate-900">{STEP[a.step] ?? a.step}</td>
              <td className="px-4 py-2">
                <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${TONE[a.outcome] ?? "bg-slate-100 text-slate-800"}`}>
                  {a.outcome}
                </span>
                {a.reason ? <span className="ml-2 text-xs text-slate-700">{a.reason.replace(/_/g, " ")}</span> : null}
              </td>
              <td className="px-4 py-2 text-xs text-slate-700">
                {a.summary ?? "—"}
                {a.captureSignals ? <CaptureSignals stored={a.captureSignals} /> : null}
              </td>
              <td className="whitespace-nowrap px-4 py-2 text-right text-xs text-slate-700">
                {a.durationMs === null ? "—" : `${(a.durationMs / 1000).toFixed(1)} s`}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** What the browser said about the camera: for staff to weigh, never part of the decision. */
function CaptureSignals({ stored }: { stored: StoredCaptureSignals }) {
  return (
    <div className="mt-2 rounded border border-slate-200 bg-slate-50 px-2 py-1.5" data-testid="capture-signals">
      <p className="font-semibold text-slate-800">
        Capture signals <span className="font-normal text-slate-600">(from the person’s browser; not used in the decision)</span>
      </p>
      <dl className="mt-1 space-y-0.5">
        {describeCaptureSignals(stored).map((line) => (
          <div key={line.label} className="flex flex-wrap gap-x-2">
            <dt className="text-slate-600">{line.label}</dt>
            <dd className={line.notable ? "font-medium text-amber-900" : "text-slate-800"}>{line.value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

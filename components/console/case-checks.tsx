import { noChecksMessage, type CaseProgress } from "./no-checks-message";
import { OutcomeBadge } from "./status-badge";
import { cardClass } from "./styles";

type Validation = { status: string; score?: number; [key: string]: unknown };
export interface CheckView {
  step: string;
  outcome: string;
  method?: string;
  evidence_type?: string;
  total_attempts?: number;
  extracted_details?: Record<string, unknown>;
  validations?: Record<string, Validation>;
  created_at?: string;
  artefacts?: { role: string; key: string; mime_type: string }[];
}
export interface EnrichmentView {
  check: string;
  outcome: string;
  validations?: Record<string, Validation>;
}

const words = (key: string) =>
  key
    .replace(/^step_/, "")
    .replace(/_/g, " ")
    .replace(/^\w/, (c) => c.toUpperCase());

function Validations({ validations }: { validations: Record<string, Validation> }) {
  return (
    <ul className="divide-y divide-slate-100">
      {Object.entries(validations).map(([name, v]) => (
        <li key={name} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
          <span className="text-slate-800">
            {words(name)}
            {Array.isArray(v.failed_reasons) && v.failed_reasons.length ? (
              <span className="block text-xs text-slate-600">{(v.failed_reasons as string[]).join(", ")}</span>
            ) : null}
          </span>
          <span className="flex items-center gap-2">
            {typeof v.score === "number" ? (
              <span className="text-xs font-medium text-slate-700" aria-label={`score ${v.score}`}>
                score {v.score.toFixed(2)}
              </span>
            ) : null}
            <OutcomeBadge outcome={v.status} />
          </span>
        </li>
      ))}
    </ul>
  );
}

/** Claim fields that a document's extracted field is compared with. */
const CLAIMED: Record<string, string> = {
  first_name: "first_name",
  last_name: "last_name",
  date_of_birth: "date_of_birth",
  postcode: "postcode",
  first_line_of_address: "first_line_of_address",
};

function Extracted({ details, claim }: { details: Record<string, unknown>; claim?: Record<string, unknown> }) {
  const withClaim = !!claim && Object.keys(details).some((k) => CLAIMED[k]);
  return (
    <table className="mt-1 w-full text-left text-sm">
      <thead className="text-xs text-slate-600">
        <tr>
          <th scope="col" className="py-1 font-medium">
            Field
          </th>
          <th scope="col" className="py-1 font-medium">
            Read from the evidence
          </th>
          {withClaim ? (
            <th scope="col" className="py-1 font-medium">
              Claimed
            </th>
          ) : null}
        </tr>
      </thead>
      <tbody>
        {Object.entries(details).map(([k, v]) => {
          const claimed = withClaim && CLAIMED[k] ? claim![CLAIMED[k]] : undefined;
          return (
            <tr key={k} className="align-top">
              <th scope="row" className="py-0.5 pr-3 font-normal text-slate-700">
                {words(k)}
              </th>
              <td className="break-words py-0.5 pr-3 font-medium text-slate-900">
                {v === null || v === undefined || v === "" ? "—" : String(v)}
              </td>
              {withClaim ? (
                <td className="break-words py-0.5 text-slate-800">{claimed === undefined || claimed === null ? "" : String(claimed)}</td>
              ) : null}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** Every check of the record with its validations, liveness score and what was read from the evidence (beside the claim). */
export function CaseChecks({
  checks,
  enrichments,
  claim,
  progress,
}: {
  checks: CheckView[];
  enrichments: EnrichmentView[];
  claim?: Record<string, unknown>;
  progress: CaseProgress;
}) {
  if (checks.length === 0 && enrichments.length === 0) {
    return (
      <p className="text-sm text-slate-700" data-testid="no-checks">
        {noChecksMessage(progress)}
      </p>
    );
  }
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      {checks.map((check, i) => {
        const liveness = check.validations?.liveness_check?.score;
        return (
          <section key={`${check.step}-${i}`} aria-labelledby={`check-${i}`} className={`${cardClass} p-4`} data-testid="check">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div>
                <h3 id={`check-${i}`} className="font-semibold text-slate-900">
                  {words(check.step)}
                </h3>
                <p className="text-xs text-slate-700">
                  {[
                    check.method && words(check.method),
                    check.evidence_type && words(check.evidence_type),
                    check.total_attempts ? `${check.total_attempts} attempt${check.total_attempts === 1 ? "" : "s"}` : null,
                  ]
                    .filter(Boolean)
                    .join(" · ")}
                </p>
              </div>
              <OutcomeBadge outcome={check.outcome} />
            </div>
            {typeof liveness === "number" ? (
              <div className="mt-3">
                <p className="flex justify-between text-sm">
                  <span className="text-slate-800">Liveness score</span>
                  <span className="font-semibold text-slate-900">{Math.round(liveness * 100)}%</span>
                </p>
                <div
                  className="mt-1 h-2 rounded-full bg-slate-200"
                  role="meter"
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={Math.round(liveness * 100)}
                  aria-label="Liveness score"
                >
                  <div className="h-2 rounded-full bg-emerald-600" style={{ width: `${Math.round(liveness * 100)}%` }} />
                </div>
              </div>
            ) : null}
            {check.validations ? (
              <div className="mt-3">
                <h4 className="text-xs font-semibold uppercase tracking-wide text-slate-600">Validations</h4>
                <Validations validations={check.validations} />
              </div>
            ) : null}
            {check.extracted_details && Object.keys(check.extracted_details).length > 0 ? (
              <div className="mt-3">
                <h4 className="text-xs font-semibold uppercase tracking-wide text-slate-600">Extracted details</h4>
                <Extracted details={check.extracted_details} claim={claim} />
              </div>
            ) : null}
            {check.artefacts?.length ? (
              <p className="mt-3 text-xs text-slate-700">
                Evidence: {check.artefacts.map((a) => `${words(a.role)} (${a.mime_type})`).join(", ")}
              </p>
            ) : null}
          </section>
        );
      })}
      {enrichments.map((e, i) => (
        <section key={`${e.check}-${i}`} aria-labelledby={`enrichment-${i}`} className={`${cardClass} p-4`} data-testid="check">
          <div className="flex items-start justify-between gap-2">
            <div>
              <h3 id={`enrichment-${i}`} className="font-semibold text-slate-900">
                {e.check === "aml" ? "AML screening" : e.check === "radar" ? "Fraud radar" : words(e.check)}
              </h3>
              <p className="text-xs text-slate-700">Enrichment</p>
            </div>
            <OutcomeBadge outcome={e.outcome} />
          </div>
          {e.validations ? (
            <div className="mt-3">
              <Validations validations={e.validations} />
            </div>
          ) : null}
        </section>
      ))}
    </div>
  );
}

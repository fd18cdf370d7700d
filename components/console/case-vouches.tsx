import Link from "next/link";
import type { CaseVouchView } from "@/lib/contract/vouches";
import { formatDateTime } from "./page-header";
import { cardClass, linkClass } from "./styles";

const STATUS: Record<string, string> = {
  invited: "Waiting for the referee",
  vouched: "Vouched",
  declined: "Did not confirm",
  refused: "Refused (the referee is the person)",
  locked_out: "Referee locked out on their selfie",
  failed: "Referee's checks did not pass",
};

/** Referees of this case, with their answers and a link to their own case (or, on a referee's case, whom they vouch for). */
export function CaseVouches({ vouches }: { vouches: CaseVouchView[] }) {
  if (vouches.length === 0) return null;
  return (
    <section aria-labelledby="vouches" className={`${cardClass} mt-4 p-4`} data-testid="case-vouches">
      <h2 id="vouches" className="font-semibold text-slate-900">
        Vouching
      </h2>
      <ul className="mt-3 space-y-3 text-sm">
        {vouches.map((v) => (
          <li key={v.id} className="rounded-lg border border-slate-200 p-3">
            <p className="font-medium text-slate-900">
              {v.role === "referee" ? (
                <>
                  Referee {v.refereeName} ({v.refereeEmail}) —{" "}
                  {v.kind === "professional_referee"
                    ? `professional: ${v.profession ?? "—"}`
                    : `${v.relationship}, known ${v.knownYears} years`}
                </>
              ) : (
                <>This case is {v.refereeName}&apos;s own check, to vouch for another person</>
              )}
            </p>
            <p className="mt-1 text-slate-700">
              {STATUS[v.status] ?? v.status}
              {v.reason ? ` — ${v.reason}` : ""} · {formatDateTime(v.createdAt)}
            </p>
            {v.answers ? (
              <p className="mt-1 text-slate-700">
                Answers: name {v.answers.name ?? "—"}, date of birth {v.answers.date_of_birth ?? "—"}, address {v.answers.address ?? "—"},
                declaration {v.answers.declaration ?? "—"}
              </p>
            ) : null}
            <p className="mt-1">
              <Link className={linkClass} href={`/console/cases/${v.role === "referee" ? v.refereeVerificationId : v.verificationId}`}>
                {v.role === "referee" ? "The referee's own case (their photo ID and selfie)" : "The case they vouch for"}
              </Link>
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

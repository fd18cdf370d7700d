import { ReportFraudForm } from "@/components/console/report-fraud-form";
import { cardClass } from "@/components/console/styles";
import type { StaffContext } from "@/lib/auth/staff-context";
import { listFraudReports } from "@/lib/server/fraud-reports/list-fraud-reports";
import { reportFraudAction } from "./actions";

/** The "Confirmed fraud" section of a case or risk assessment page: the team's report, or the form. */
export async function FraudReportSection({
  context,
  subjectType,
  subjectId,
}: {
  context: StaffContext;
  subjectType: "verification" | "risk_assessment";
  subjectId: string;
}) {
  const [report] = await listFraudReports(context.db, context.tenant, { subjectType, subjectId, limit: 1 });
  return (
    <section aria-labelledby="fraud-report" className="mt-8">
      <h2 id="fraud-report" className="mb-3 text-lg font-semibold text-slate-900">
        Confirmed fraud
      </h2>
      <div className={`${cardClass} p-4`}>
        <ReportFraudForm
          action={reportFraudAction.bind(null, subjectType, subjectId)}
          reported={report ? { createdAt: report.createdAt, reason: report.reason } : null}
          canReport={context.can("review")}
          role={context.role}
          what={subjectType === "verification" ? "case" : "person"}
          sandbox={context.mode === "sandbox"}
        />
      </div>
    </section>
  );
}

import type { Metadata } from "next";
import Link from "next/link";
import { PageHeader } from "@/components/console/page-header";
import { cardClass, linkClass } from "@/components/console/styles";
import { AssessmentForm } from "@/components/risk-form/assessment-form";
import { RiskFormClassesProvider } from "@/components/risk-form/classes";
import { requireStaff } from "@/lib/auth/staff-context";
import { runAssessmentAction } from "./actions";
import { consoleRiskFormClasses } from "./form-classes";

export const metadata: Metadata = { title: "Run an assessment" };

export default async function NewRiskAssessmentPage() {
  const context = await requireStaff();
  const sandbox = context.mode === "sandbox";
  return (
    <>
      <p className="mb-2 text-sm">
        <Link href="/console/risk" className={linkClass}>
          ← All risk assessments
        </Link>
      </p>
      <PageHeader
        title="Run an assessment"
        description={
          sandbox
            ? "Sandbox: the email decides the outcome (+review or +reject in it, otherwise CLEAR). Nothing is billed."
            : "Live: the person is scored against the fraud network and the enrichments you choose, exactly as POST /api/v2/risk does."
        }
      />
      {context.can("review") ? (
        <div className="max-w-3xl">
          <RiskFormClassesProvider classes={consoleRiskFormClasses}>
            <AssessmentForm action={runAssessmentAction} lookupUrl="/console/postcode" />
          </RiskFormClassesProvider>
        </div>
      ) : (
        <p className={`${cardClass} p-4 text-sm text-slate-700`} data-testid="assess-not-allowed">
          Your role ({context.role}) can read risk assessments but not run them: ask a reviewer, admin or owner.
        </p>
      )}
    </>
  );
}

import { and, eq } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { fraudReports, riskAssessments, verifications } from "@/lib/db/schema";
import { recordAudit } from "../audit/record-audit";
import { authorizeStaff, type StaffRef } from "../console/authorize-staff";
import { emailKey, identityKey } from "../network/keys";
import { newId } from "../shared/crypto";
import { fail, ok, type Result } from "../shared/result";
import { type Actor, type Tenant, ofTenant } from "../shared/tenant";
import { toFraudReportView, type FraudReportView } from "./fraud-report-view";

export const FRAUD_REPORT_SUBJECTS = ["verification", "risk_assessment"] as const;
export type FraudReportSubjectType = (typeof FRAUD_REPORT_SUBJECTS)[number];

export type FileFraudReportInput = {
  tenant: Tenant;
  subjectType: FraudReportSubjectType;
  subjectId: string;
  reason: string;
  networkKey: string;
  /** Unit-length face embedding of the case's face, when the caller has one. */
  faceEmbedding?: number[] | null;
} & ({ actor: Actor } | { staff: StaffRef }); // staff: a console member with the review permission

interface Person {
  email: string;
  firstName: string | null;
  lastName: string | null;
  dateOfBirth: string | null;
}

/** The reported person as the tenant's own case or assessment has them; null when not the tenant's. */
async function loadSubject(db: Db, tenant: Tenant, type: FraudReportSubjectType, id: string): Promise<Person | null> {
  if (type === "verification") {
    const [row] = await db
      .select({ email: verifications.email, claim: verifications.claimDetails })
      .from(verifications)
      .where(and(eq(verifications.id, id), ofTenant(verifications, tenant)))
      .limit(1);
    if (!row) return null;
    const text = (v: unknown) => (typeof v === "string" && v.trim() ? v : null);
    return {
      email: row.email,
      firstName: text(row.claim.first_name),
      lastName: text(row.claim.last_name),
      dateOfBirth: text(row.claim.date_of_birth),
    };
  }
  const [row] = await db
    .select({
      email: riskAssessments.email,
      firstName: riskAssessments.firstName,
      lastName: riskAssessments.lastName,
      dateOfBirth: riskAssessments.dateOfBirth,
    })
    .from(riskAssessments)
    .where(and(eq(riskAssessments.id, id), ofTenant(riskAssessments, tenant)))
    .limit(1);
  return row ?? null;
}

/**
 * NFD: a team confirms that one of its cases or risk assessments was fraud. The report keeps
 * keys of the person's email and identity (never the raw values), so every team's later
 * assessments of the same person find it, without learning who reported it.
 */
export async function fileFraudReport(db: Db, input: FileFraudReportInput): Promise<Result<{ report: FraudReportView }>> {
  const { tenant } = input;
  let actor: Actor;
  if ("staff" in input) {
    const allowed = await authorizeStaff(db, { staff: input.staff, teamId: tenant.teamId, permission: "review" });
    if (!allowed.ok) return allowed;
    actor = allowed.value.actor;
  } else actor = input.actor;
  const reason = input.reason.trim();
  if (!reason || reason.length > 1000)
    return fail("invalid", "Check the reason", { detail: { reason: reason ? "At most 1000 characters" : "Say what the fraud was" } });
  const person = await loadSubject(db, tenant, input.subjectType, input.subjectId);
  const noun = input.subjectType === "verification" ? "Verification" : "Risk assessment";
  if (!person) return fail("not_found", `${noun} ${input.subjectId} not found`);

  return db.transaction(async (tx) => {
    const [already] = await tx
      .select({ id: fraudReports.id })
      .from(fraudReports)
      .where(
        and(ofTenant(fraudReports, tenant), eq(fraudReports.subjectType, input.subjectType), eq(fraudReports.subjectId, input.subjectId)),
      )
      .limit(1);
    if (already) return fail("conflict", `This ${noun.toLowerCase()} was already reported as fraud`);
    const [row] = await tx
      .insert(fraudReports)
      .values({
        id: newId("frd"),
        teamId: tenant.teamId,
        mode: tenant.mode,
        subjectType: input.subjectType,
        subjectId: input.subjectId,
        emailKey: emailKey(input.networkKey, person.email),
        identityKey: identityKey(input.networkKey, person),
        faceEmbedding: input.faceEmbedding?.length ? input.faceEmbedding : null,
        reason,
        reportedBy: actor.id ?? actor.type,
      })
      .returning();
    await recordAudit(tx, {
      ...tenant,
      actor,
      action: "fraud_report.filed",
      targetType: input.subjectType,
      targetId: input.subjectId,
      metadata: { reportId: row!.id, reason },
    });
    return ok({ report: toFraudReportView(row!) });
  });
}

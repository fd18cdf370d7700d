import { and, eq } from "drizzle-orm";
import type { RiskAssessmentResponse } from "@/lib/contract";
import type { Db } from "@/lib/db";
import { riskAssessments } from "@/lib/db/schema";
import { fail, ok, type Result } from "../shared/result";
import { type Tenant, ofTenant } from "../shared/tenant";

/** One stored assessment of the tenant with the full response it answered. */
export async function getRiskAssessment(
  db: Db,
  tenant: Tenant,
  id: string,
): Promise<Result<{ report: string; response: RiskAssessmentResponse }>> {
  const [row] = await db
    .select({ report: riskAssessments.report, response: riskAssessments.response })
    .from(riskAssessments)
    .where(and(eq(riskAssessments.id, id), ofTenant(riskAssessments, tenant)))
    .limit(1);
  if (!row) return fail("not_found", `Risk assessment ${id} not found`);
  return ok({ report: row.report, response: row.response as unknown as RiskAssessmentResponse });
}

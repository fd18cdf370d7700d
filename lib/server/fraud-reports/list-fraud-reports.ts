import { and, desc, eq } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { fraudReports } from "@/lib/db/schema";
import { type Tenant, ofTenant } from "../shared/tenant";
import { toFraudReportView, type FraudReportView } from "./fraud-report-view";

/** The tenant's own fraud reports, newest first; optionally those of one case or assessment. */
export async function listFraudReports(
  db: Db,
  tenant: Tenant,
  filter: { subjectType?: string; subjectId?: string; limit?: number } = {},
): Promise<FraudReportView[]> {
  const rows = await db
    .select()
    .from(fraudReports)
    .where(
      and(
        ofTenant(fraudReports, tenant),
        filter.subjectType ? eq(fraudReports.subjectType, filter.subjectType) : undefined,
        filter.subjectId ? eq(fraudReports.subjectId, filter.subjectId) : undefined,
      ),
    )
    .orderBy(desc(fraudReports.createdAt), desc(fraudReports.id))
    .limit(Math.min(filter.limit ?? 200, 1000));
  return rows.map(toFraudReportView);
}

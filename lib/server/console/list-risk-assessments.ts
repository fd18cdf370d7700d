import { and, type SQL } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { riskAssessments } from "@/lib/db/schema";
import { afterCursor, decodeCursor, newestFirst, page } from "../shared/cursor";
import { fail, ok, type Result } from "../shared/result";
import { type Tenant, ofTenant } from "../shared/tenant";

export interface RiskRow {
  id: string;
  name: string;
  email: string;
  report: string;
  riskScore: number | null;
  recommendation: string | null;
  enrichments: string[];
  createdAt: string;
}

/** The tenant's risk assessments, newest first by keyset cursor. */
export async function listRiskAssessments(
  db: Db,
  tenant: Tenant,
  query: { cursor?: string; limit?: number } = {},
): Promise<Result<{ items: RiskRow[]; nextCursor: string | null }>> {
  const limit = Math.min(Math.max(query.limit ?? 25, 1), 100);
  const conditions: SQL[] = [ofTenant(riskAssessments, tenant)];
  if (query.cursor) {
    const cursor = decodeCursor(query.cursor);
    if (!cursor) return fail("invalid", "Invalid cursor");
    conditions.push(afterCursor(riskAssessments, cursor));
  }
  const rows = await db
    .select()
    .from(riskAssessments)
    .where(and(...conditions))
    .orderBy(...newestFirst(riskAssessments))
    .limit(limit + 1);
  const { items, nextCursor } = page(rows, limit);
  return ok({
    items: items.map((r) => ({
      id: r.id,
      name: `${r.firstName} ${r.lastName}`,
      email: r.email,
      report: r.report,
      riskScore: r.riskScore,
      recommendation: r.recommendation,
      enrichments: r.enrichments,
      createdAt: r.createdAt.toISOString(),
    })),
    nextCursor,
  });
}

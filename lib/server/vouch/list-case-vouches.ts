import { and, desc, eq, or } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { vouches } from "@/lib/db/schema";
import type { CaseVouchView } from "@/lib/contract/vouches";
import { type Tenant, ofTenant } from "../shared/tenant";

/** The vouches a case takes part in, on either side, within the tenant (console case page). */
export async function listCaseVouches(db: Db, tenant: Tenant, verificationId: string): Promise<CaseVouchView[]> {
  const rows = await db
    .select()
    .from(vouches)
    .where(
      and(ofTenant(vouches, tenant), or(eq(vouches.verificationId, verificationId), eq(vouches.refereeVerificationId, verificationId))),
    )
    .orderBy(desc(vouches.createdAt));
  return rows.map((v) => ({
    id: v.id,
    role: v.verificationId === verificationId ? "referee" : "vouching_for",
    verificationId: v.verificationId,
    refereeVerificationId: v.refereeVerificationId,
    kind: v.kind,
    refereeName: v.refereeName,
    refereeEmail: v.refereeEmail,
    relationship: v.relationship,
    knownYears: v.knownYears,
    profession: v.profession,
    status: v.status,
    answers: v.answers ?? null,
    reason: v.reason,
    createdAt: v.createdAt.toISOString(),
  }));
}

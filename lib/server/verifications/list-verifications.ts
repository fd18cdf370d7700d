import { and, eq, type SQL } from "drizzle-orm";
import type { VerificationListQuery, VerificationPage } from "@/lib/contract";
import type { Db } from "@/lib/db";
import { verifications } from "@/lib/db/schema";
import { cursorCondition, newestFirst, page } from "../shared/cursor";
import { ok, type Result } from "../shared/result";
import { type Tenant, ofTenant } from "../shared/tenant";
import { toVerificationRecord } from "./to-record";

/** GET /api/v1/verifications: the tenant's stored cases, newest first, by keyset cursor. */
export async function listVerifications(db: Db, tenant: Tenant, query: VerificationListQuery): Promise<Result<VerificationPage>> {
  const conditions: SQL[] = [ofTenant(verifications, tenant)];
  if (query.status) conditions.push(eq(verifications.status, query.status));
  const after = cursorCondition(query.cursor, verifications);
  if (!after.ok) return after;
  if (after.value) conditions.push(after.value);
  const rows = await db
    .select()
    .from(verifications)
    .where(and(...conditions))
    .orderBy(...newestFirst(verifications))
    .limit(query.limit + 1);
  const { items, nextCursor } = page(rows, query.limit);
  return ok({ verifications: items.map(toVerificationRecord), nextCursor });
}

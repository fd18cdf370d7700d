import { and, eq, sql } from "drizzle-orm";
import type { VerificationRecord } from "@/lib/contract";
import type { Db } from "@/lib/db";
import { preparedPerDb } from "@/lib/db/prepared-query";
import { verifications } from "@/lib/db/schema";
import { sandboxVerification } from "../sandbox/verifications";
import { fail, ok, type Result } from "../shared/result";
import type { Tenant } from "../shared/tenant";
import { toVerificationRecord } from "./to-record";

// The API's most frequent read (clients poll their cases), built once per database.
const caseById = preparedPerDb((db) =>
  db
    .select()
    .from(verifications)
    .where(and(eq(verifications.id, sql.placeholder("id")), eq(verifications.teamId, sql.placeholder("teamId")), eq(verifications.mode, sql.placeholder("mode"))))
    .limit(1)
    .prepare("verification_by_id"),
);

/**
 * spec 4.3. In sandbox, ids 111–999 are the canned records (spec 4.10); every other id is a
 * stored case of the tenant. Another team's or mode's case is "not found", never "forbidden".
 */
export async function getVerification(db: Db, tenant: Tenant, id: string): Promise<Result<VerificationRecord>> {
  if (tenant.mode === "sandbox") {
    const canned = sandboxVerification(id);
    if (canned) return ok(canned);
  }
  const [row] = await caseById(db).execute({ id, teamId: tenant.teamId, mode: tenant.mode });
  if (!row) return fail("not_found", `Verification ${id} not found`);
  return ok(toVerificationRecord(row));
}

import { sql } from "drizzle-orm";
import type { VerificationRecord } from "@/lib/contract";
import type { Db } from "@/lib/db";
import { preparedPerDb } from "@/lib/db/prepared-query";
import { turnBatches } from "@/lib/db/turn-batches";
import { verifications } from "@/lib/db/schema";
import { sandboxVerification } from "../sandbox/verifications";
import { fail, ok, type Result } from "../shared/result";
import type { Tenant } from "../shared/tenant";
import { toVerificationRecord } from "./to-record";

// The API's most frequent read (clients poll their cases): built once per database, and the reads
// of concurrent requests go as one statement (turn-batches.ts; issue 14), each key matched on its
// id, team and mode in SQL.
const casesByKeys = preparedPerDb((db) =>
  db
    .select()
    .from(verifications)
    .where(
      sql`(${verifications.id}, ${verifications.teamId}, ${verifications.mode}) in (select k.id, k.team_id, k.mode from jsonb_to_recordset(${sql.placeholder("keys")}::jsonb) as k(id text, team_id text, mode mode))`,
    )
    .prepare("verifications_by_keys"),
);

type CaseKey = { id: string; teamId: string; mode: Tenant["mode"] };
const readCase = turnBatches<CaseKey, typeof verifications.$inferSelect | undefined>(async (db, keys) => {
  const rows = await casesByKeys(db).execute({ keys: JSON.stringify(keys.map((k) => ({ id: k.id, team_id: k.teamId, mode: k.mode }))) });
  return keys.map((k) => rows.find((r) => r.id === k.id && r.teamId === k.teamId && r.mode === k.mode));
});

/**
 * spec 4.3. In sandbox, ids 111–999 are the canned records (spec 4.10); every other id is a
 * stored case of the tenant. Another team's or mode's case is "not found", never "forbidden".
 */
export async function getVerification(db: Db, tenant: Tenant, id: string): Promise<Result<VerificationRecord>> {
  if (tenant.mode === "sandbox") {
    const canned = sandboxVerification(id);
    if (canned) return ok(canned);
  }
  const row = await readCase(db, { id, teamId: tenant.teamId, mode: tenant.mode });
  if (!row) return fail("not_found", `Verification ${id} not found`);
  return ok(toVerificationRecord(row));
}

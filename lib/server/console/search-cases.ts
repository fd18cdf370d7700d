import { and, eq, ilike, or, type SQL } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { verifications, type VerificationStatus } from "@/lib/db/schema";
import { SANDBOX_VERIFICATIONS } from "../sandbox/verifications";
import { afterCursor, decodeCursor, newestFirst, page } from "../shared/cursor";
import { fail, ok, type Result } from "../shared/result";
import type { Tenant } from "../shared/tenant";

export interface CaseRow {
  id: string;
  email: string;
  status: VerificationStatus;
  workflowId: string;
  externalId: string | null;
  createdAt: string;
  /** A canned sandbox record (spec 4.10): shown, never changed. */
  canned: boolean;
}

export interface CaseSearch {
  status?: VerificationStatus;
  /** An id, an external id, or part of an email address. */
  q?: string;
  cursor?: string;
  limit?: number;
}

/**
 * The console's case list for one team and mode, newest first by keyset cursor. In sandbox the
 * canned cases 111–999 follow the stored ones on the last page, so "find case 444" works.
 */
export async function searchCases(db: Db, tenant: Tenant, search: CaseSearch): Promise<Result<{ cases: CaseRow[]; nextCursor: string | null }>> {
  const limit = Math.min(Math.max(search.limit ?? 25, 1), 100);
  const q = search.q?.trim().slice(0, 200) ?? "";
  const conditions: SQL[] = [eq(verifications.teamId, tenant.teamId), eq(verifications.mode, tenant.mode)];
  if (search.status) conditions.push(eq(verifications.status, search.status));
  if (q) {
    const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(or(eq(verifications.id, q), eq(verifications.externalId, q), ilike(verifications.email, pattern))!);
  }
  if (search.cursor) {
    const cursor = decodeCursor(search.cursor);
    if (!cursor) return fail("invalid", "Invalid cursor", { detail: { cursor: "Use the link to the next page" } });
    conditions.push(afterCursor(verifications, cursor));
  }
  const rows = await db
    .select({ id: verifications.id, email: verifications.email, status: verifications.status, workflowId: verifications.workflowId, externalId: verifications.externalId, createdAt: verifications.createdAt })
    .from(verifications)
    .where(and(...conditions))
    .orderBy(...newestFirst(verifications))
    .limit(limit + 1);
  const { items, nextCursor } = page(rows, limit);
  const cases: CaseRow[] = items.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), canned: false }));
  if (tenant.mode === "sandbox" && nextCursor === null) cases.push(...cannedMatching(search.status, q));
  return ok({ cases, nextCursor });
}

function cannedMatching(status: VerificationStatus | undefined, q: string): CaseRow[] {
  const needle = q.toLowerCase();
  return Object.values(SANDBOX_VERIFICATIONS)
    .filter((v) => !status || v.status === status)
    .filter((v) => !needle || v.id === q || v.external_id === q || v.email.toLowerCase().includes(needle))
    .map((v) => ({ id: v.id, email: v.email, status: v.status, workflowId: v.workflow_id, externalId: v.external_id, createdAt: v.created_at, canned: true }));
}

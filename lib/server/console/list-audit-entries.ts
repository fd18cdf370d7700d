import { and, eq, isNull, or, type SQL } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { auditLog, users } from "@/lib/db/schema";
import { afterCursor, decodeCursor, newestFirst, page } from "../shared/cursor";
import { fail, ok, type Result } from "../shared/result";
import { type Tenant, ofTeam } from "../shared/tenant";

export interface AuditRow {
  id: string;
  action: string;
  actorType: string;
  actorId: string | null;
  actorEmail: string | null;
  targetType: string | null;
  targetId: string | null;
  ip: string | null;
  userAgent: string | null;
  mode: string | null;
  createdAt: string;
}

/** Who did what, when and from where: the mode's entries and the team-wide ones, newest first. */
export async function listAuditEntries(
  db: Db,
  tenant: Tenant,
  query: { cursor?: string; limit?: number } = {},
): Promise<Result<{ items: AuditRow[]; nextCursor: string | null }>> {
  const limit = Math.min(Math.max(query.limit ?? 50, 1), 200);
  const conditions: SQL[] = [ofTeam(auditLog, tenant.teamId), or(eq(auditLog.mode, tenant.mode), isNull(auditLog.mode))!];
  if (query.cursor) {
    const cursor = decodeCursor(query.cursor);
    if (!cursor) return fail("invalid", "Invalid cursor");
    conditions.push(afterCursor(auditLog, cursor));
  }
  const rows = await db
    .select({ entry: auditLog, email: users.email })
    .from(auditLog)
    .leftJoin(users, and(eq(auditLog.actorType, "staff"), eq(users.id, auditLog.actorId)))
    .where(and(...conditions))
    .orderBy(...newestFirst(auditLog))
    .limit(limit + 1);
  const { items, nextCursor } = page(
    rows.map((r) => ({ ...r.entry, actorEmail: r.email })),
    limit,
  );
  return ok({
    items: items.map((e) => ({
      id: e.id,
      action: e.action,
      actorType: e.actorType,
      actorId: e.actorId,
      actorEmail: e.actorEmail,
      targetType: e.targetType,
      targetId: e.targetId,
      ip: e.ip,
      userAgent: e.userAgent,
      mode: e.mode,
      createdAt: e.createdAt.toISOString(),
    })),
    nextCursor,
  });
}

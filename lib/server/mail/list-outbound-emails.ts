import { and } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { outboundEmails } from "@/lib/db/schema";
import { authorizeStaff, type StaffRef } from "../console/authorize-staff";
import { cursorCondition, newestFirst, page } from "../shared/cursor";
import { ok, type Result } from "../shared/result";
import type { MailStatus, MailTransport } from "./mailer";
import { ofTeam } from "../shared/tenant";

export interface OutboundEmailRow {
  id: string;
  to: string;
  subject: string;
  transport: MailTransport;
  status: MailStatus;
  error: string | null;
  createdAt: string;
  sentAt: string | null;
}

/** The team's sent and stored emails, newest first: owners and admins only (invitations hold links). */
export async function listOutboundEmails(
  db: Db,
  input: { staff: StaffRef; teamId: string; cursor?: string; limit?: number },
): Promise<Result<{ items: OutboundEmailRow[]; nextCursor: string | null }>> {
  const allowed = await authorizeStaff(db, { staff: input.staff, teamId: input.teamId, permission: "manage_members" });
  if (!allowed.ok) return allowed;
  const after = cursorCondition(input.cursor, outboundEmails);
  if (!after.ok) return after;
  const limit = Math.min(Math.max(input.limit ?? 50, 1), 200);
  const rows = await db
    .select()
    .from(outboundEmails)
    .where(and(ofTeam(outboundEmails, input.teamId), after.value))
    .orderBy(...newestFirst(outboundEmails))
    .limit(limit + 1);
  const { items, nextCursor } = page(rows, limit);
  return ok({
    items: items.map((e) => ({
      id: e.id,
      to: e.to,
      subject: e.subject,
      transport: e.transport as MailTransport,
      status: e.status as MailStatus,
      error: e.error,
      createdAt: e.createdAt.toISOString(),
      sentAt: e.sentAt?.toISOString() ?? null,
    })),
    nextCursor,
  });
}

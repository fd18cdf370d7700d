import { and, asc, eq } from "drizzle-orm";
import type { VerificationRecord } from "@/lib/contract";
import type { Db } from "@/lib/db";
import { verificationEvents } from "@/lib/db/schema";
import { sandboxVerification } from "../sandbox/verifications";
import { ok, type Result } from "../shared/result";
import { type Tenant, ofTenant } from "../shared/tenant";
import { getVerification } from "../verifications/get-verification";
import { needsReview } from "./review-case";
import { listCaseDeliveries, type CaseDelivery } from "./list-case-deliveries";

export interface TimelineEntry {
  id: string;
  event: string;
  fromStatus: string | null;
  toStatus: string;
  actorType: string;
  actorId: string | null;
  actorEmail: string | null;
  note: string | null;
  createdAt: string;
}

export interface CaseDetail {
  record: VerificationRecord;
  canned: boolean;
  needsReview: boolean;
  timeline: TimelineEntry[];
  deliveries: CaseDelivery[];
}

/** One case of the tenant with its timeline and webhook deliveries; canned sandbox cases have neither. */
export async function getCaseDetail(db: Db, tenant: Tenant, id: string): Promise<Result<CaseDetail>> {
  const found = await getVerification(db, tenant, id);
  if (!found.ok) return found;
  if (tenant.mode === "sandbox" && sandboxVerification(id))
    return ok({ record: found.value, canned: true, needsReview: false, timeline: [], deliveries: [] });
  const events = await db.query.verificationEvents.findMany({
    where: and(eq(verificationEvents.verificationId, id), ofTenant(verificationEvents, tenant)),
    orderBy: [asc(verificationEvents.createdAt), asc(verificationEvents.id)],
  });
  const staffIds = [...new Set(events.filter((e) => e.actorType === "staff" && e.actorId).map((e) => e.actorId!))];
  const people = staffIds.length
    ? await db.query.users.findMany({ where: (u, { inArray }) => inArray(u.id, staffIds), columns: { id: true, email: true } })
    : [];
  const emailOf = new Map(people.map((p) => [p.id, p.email]));
  return ok({
    record: found.value,
    canned: false,
    needsReview: await needsReview(db, tenant, id, found.value.status),
    timeline: events.map((e) => ({
      id: e.id,
      event: e.event,
      fromStatus: e.fromStatus,
      toStatus: e.toStatus,
      actorType: e.actorType,
      actorId: e.actorId,
      actorEmail: e.actorId ? (emailOf.get(e.actorId) ?? null) : null,
      note: e.note,
      createdAt: e.createdAt.toISOString(),
    })),
    deliveries: await listCaseDeliveries(db, tenant, id),
  });
}

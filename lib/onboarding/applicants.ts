import "server-only";
import { randomBytes } from "node:crypto";
import { and, asc, count, desc, eq, inArray } from "drizzle-orm";
import type { Address, RiskResponse, VerificationStatusValue } from "@/lib/contract";
import type { Db } from "@/lib/db";
import { applicants, receivedEvents, type Applicant, type ReceivedEvent } from "./schema";
import type { ApplicantState } from "./states";

// The onboarding app's applicants: who signed up, what the risk check said, and where their
// identity verification stands. Ids are unguessable: they appear in the return page's URL.

export function newApplicantId(): string {
  return `app_${randomBytes(16).toString("base64url")}`;
}

export interface NewApplicantInput {
  firstName: string;
  lastName: string;
  email: string;
  dateOfBirth: string;
  address?: Address;
  state: ApplicantState;
  risk: RiskResponse;
}

export async function createApplicant(db: Db, input: NewApplicantInput): Promise<Applicant> {
  const [row] = await db
    .insert(applicants)
    .values({
      id: newApplicantId(),
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email,
      dateOfBirth: input.dateOfBirth,
      address: (input.address as Record<string, string> | undefined) ?? null,
      state: input.state,
      riskResult: input.risk as unknown as Record<string, unknown>,
    })
    .returning();
  return row!;
}

export async function getApplicant(db: Db, id: string): Promise<Applicant | undefined> {
  const [row] = await db.select().from(applicants).where(eq(applicants.id, id)).limit(1);
  return row;
}

export async function findApplicantByVerification(db: Db, verificationId: string): Promise<Applicant | undefined> {
  const [row] = await db.select().from(applicants).where(eq(applicants.verificationId, verificationId)).limit(1);
  return row;
}

export async function attachVerification(db: Db, id: string, verificationId: string): Promise<void> {
  await db
    .update(applicants)
    .set({ verificationId, verificationStatus: "InProgress", state: "verifying", updatedAt: new Date() })
    .where(eq(applicants.id, id));
}

/**
 * Records the verification's status (from a webhook or a read) and the applicant state that
 * follows. Only applicants waiting on that verification move: the id pair guards against a
 * stale or foreign event rewriting someone else's record.
 */
export async function recordVerificationStatus(
  db: Db,
  input: { applicantId: string; verificationId: string; status: VerificationStatusValue; state: ApplicantState },
): Promise<boolean> {
  const updated = await db
    .update(applicants)
    .set({ verificationStatus: input.status, state: input.state, updatedAt: new Date() })
    .where(and(eq(applicants.id, input.applicantId), eq(applicants.verificationId, input.verificationId)))
    .returning({ id: applicants.id });
  return updated.length > 0;
}

export interface ApplicantListItem extends Applicant {
  eventCount: number;
}

export async function listApplicants(db: Db, options: { limit?: number } = {}): Promise<ApplicantListItem[]> {
  const rows = await db
    .select()
    .from(applicants)
    .orderBy(desc(applicants.createdAt), desc(applicants.id))
    .limit(options.limit ?? 100);
  if (rows.length === 0) return [];
  const counts = await db
    .select({ applicantId: receivedEvents.applicantId, n: count() })
    .from(receivedEvents)
    .where(
      inArray(
        receivedEvents.applicantId,
        rows.map((r) => r.id),
      ),
    )
    .groupBy(receivedEvents.applicantId);
  const byId = new Map(counts.map((c) => [c.applicantId, Number(c.n)]));
  return rows.map((r) => ({ ...r, eventCount: byId.get(r.id) ?? 0 }));
}

export async function listApplicantEvents(db: Db, applicantId: string): Promise<ReceivedEvent[]> {
  return db
    .select()
    .from(receivedEvents)
    .where(eq(receivedEvents.applicantId, applicantId))
    .orderBy(asc(receivedEvents.receivedAt), asc(receivedEvents.id));
}

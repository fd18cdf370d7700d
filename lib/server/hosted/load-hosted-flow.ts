import { and, eq, sql } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { hostedAttempts, hostedSessions, teams, verifications, type HostedSession, type VerificationStatus } from "@/lib/db/schema";
import { type Tenant, ofTeam } from "../shared/tenant";
import { findWorkflow } from "../verifications/workflows";
import { getHostedSettings } from "./get-hosted-settings";
import { chooseScreen, orderSteps, type HostedScreen } from "./hosted-steps";

export interface StepAttempts {
  total: number;
  /** Attempts that count towards the limit and were not accepted. */
  failed: number;
}

/** Everything a hosted page or upload needs about a live case, read by its token. */
export interface HostedFlow {
  token: string;
  verificationId: string;
  tenant: Tenant;
  teamName: string;
  status: VerificationStatus;
  email: string;
  redirectUrl: string | null;
  expiresAt: Date;
  expired: boolean;
  claim: Record<string, unknown>;
  workflowId: string;
  workflowName: string;
  steps: string[];
  session: HostedSession;
  maxAttempts: number;
  attempts: Record<string, StepAttempts>;
  screen: HostedScreen;
}

export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * The live case behind a hosted token, with its hosted session (made on the first visit) and the
 * screen to show. Null for an unknown token and for sandbox cases (their page picks an outcome).
 */
export async function loadHostedFlow(db: Db, token: string, now = new Date()): Promise<HostedFlow | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const [row] = await db
    .select({ verification: verifications, teamName: teams.name })
    .from(verifications)
    .innerJoin(teams, eq(teams.id, verifications.teamId))
    .where(eq(verifications.hostedToken, token))
    .limit(1);
  if (!row || row.verification.mode !== "live") return null;
  const v = row.verification;
  const tenant: Tenant = { teamId: v.teamId, mode: v.mode };
  await db.insert(hostedSessions).values({ verificationId: v.id, teamId: v.teamId, mode: v.mode }).onConflictDoNothing();
  const [[session], workflow, settings, counts] = await Promise.all([
    db.select().from(hostedSessions).where(eq(hostedSessions.verificationId, v.id)).limit(1),
    findWorkflow(db, tenant, v.workflowId),
    getHostedSettings(db, tenant),
    db
      .select({
        step: hostedAttempts.step,
        total: sql<number>`count(*)::int`,
        failed: sql<number>`(count(*) filter (where ${hostedAttempts.outcome} <> 'accepted' and ${hostedAttempts.counted} = 1))::int`,
      })
      .from(hostedAttempts)
      .where(and(eq(hostedAttempts.verificationId, v.id), ofTeam(hostedAttempts, v.teamId)))
      .groupBy(hostedAttempts.step),
  ]);
  const steps = orderSteps(workflow?.steps ?? []);
  const expired = v.expiresAt <= now && v.completedAt === null;
  const attempts = Object.fromEntries(counts.map((c) => [c.step, { total: Number(c.total), failed: Number(c.failed) }]));
  return {
    token,
    verificationId: v.id,
    tenant,
    teamName: row.teamName,
    status: v.status,
    email: v.email,
    redirectUrl: v.redirectUrl,
    expiresAt: v.expiresAt,
    expired,
    claim: v.claimDetails,
    workflowId: v.workflowId,
    workflowName: workflow?.name ?? v.workflowId,
    steps,
    session: session!,
    maxAttempts: settings.maxAttempts,
    attempts,
    screen: chooseScreen({
      status: v.status,
      expired,
      consented: !!session!.consentedAt,
      claimConfirmed: !!session!.claimConfirmedAt,
      steps,
      accepted: session!.accepted,
    }),
  };
}

export function attemptsLeft(flow: HostedFlow, step: string): number {
  return Math.max(0, flow.maxAttempts - (flow.attempts[step]?.failed ?? 0));
}

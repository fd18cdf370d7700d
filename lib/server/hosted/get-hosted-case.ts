import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { teams, verifications, type Mode, type VerificationStatus } from "@/lib/db/schema";
import { findWorkflow } from "../verifications/workflows";

export interface HostedCase {
  id: string;
  mode: Mode;
  teamName: string;
  status: VerificationStatus;
  workflowName: string;
  steps: string[];
  createdAt: Date;
  expiresAt: Date;
  expired: boolean;
  redirectUrl: string | null;
}

/** The case behind a hosted-flow token. The token is the only key: no id, no session. */
export async function getHostedCase(db: Db, token: string, now = new Date()): Promise<HostedCase | null> {
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(token)) return null;
  const [row] = await db
    .select({ verification: verifications, teamName: teams.name })
    .from(verifications)
    .innerJoin(teams, eq(teams.id, verifications.teamId))
    .where(eq(verifications.hostedToken, token))
    .limit(1);
  if (!row) return null;
  const v = row.verification;
  const workflow = await findWorkflow(db, { teamId: v.teamId, mode: v.mode }, v.workflowId);
  return {
    id: v.id,
    mode: v.mode,
    teamName: row.teamName,
    status: v.status,
    workflowName: workflow?.name ?? v.workflowId,
    steps: workflow?.steps ?? [],
    createdAt: v.createdAt,
    expiresAt: v.expiresAt,
    expired: v.expiresAt <= now && v.completedAt === null,
    redirectUrl: v.redirectUrl,
  };
}

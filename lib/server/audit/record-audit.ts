import type { Db } from "@/lib/db";
import { auditLog, type Mode } from "@/lib/db/schema";
import { newId } from "../shared/crypto";
import type { Actor } from "../shared/tenant";

export interface AuditInput {
  /** Null: a platform-level change (no team's console shows it; `npm run cli -- audit-list --platform`). */
  teamId: string | null;
  mode?: Mode | null;
  actor: Actor;
  action: string;
  targetType?: string;
  targetId?: string;
  metadata?: Record<string, unknown>;
}

/** Appends one audit entry; call it inside the transaction of the change it records. */
export async function recordAudit(db: Pick<Db, "insert">, input: AuditInput): Promise<void> {
  await db.insert(auditLog).values({
    id: newId("aud"),
    teamId: input.teamId,
    mode: input.mode ?? null,
    actorType: input.actor.type,
    actorId: input.actor.id ?? null,
    ip: input.actor.ip ?? null,
    userAgent: input.actor.userAgent ?? null,
    action: input.action,
    targetType: input.targetType ?? null,
    targetId: input.targetId ?? null,
    metadata: input.metadata ?? null,
  });
}

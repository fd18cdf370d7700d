import { and, eq } from "drizzle-orm";
import type { VerificationRecord } from "@/lib/contract";
import type { Db } from "@/lib/db";
import { verificationEvents, verifications } from "@/lib/db/schema";
import { recordAudit } from "../audit/record-audit";
import { newId } from "../shared/crypto";
import { fail, ok, type Result } from "../shared/result";
import { type Actor, type Tenant, ofTenant } from "../shared/tenant";
import { toVerificationRecord } from "./to-record";
import { findWorkflow } from "./workflows";

/**
 * Moves a case that is still In progress to another workflow (for example from photo ID to a
 * referee's vouch). The status does not change, so this is not a state-machine transition and
 * sends no webhook; the timeline and the audit log record who switched it, from what, and why.
 */
export async function switchWorkflow(
  db: Db,
  input: { tenant: Tenant; verificationId: string; workflowId: string; actor: Actor; note?: string | null; now?: Date },
): Promise<Result<VerificationRecord>> {
  const { tenant } = input;
  const workflow = await findWorkflow(db, tenant, input.workflowId);
  if (!workflow) return fail("invalid", `Unknown workflow "${input.workflowId}"`, { detail: { workflow_id: "Unknown workflow" } });
  if (workflow.archivedAt) return fail("invalid", `Workflow "${input.workflowId}" is archived`, { detail: { workflow_id: "Archived" } });
  const now = input.now ?? new Date();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(verifications)
      .where(and(eq(verifications.id, input.verificationId), ofTenant(verifications, tenant)))
      .for("update")
      .limit(1);
    if (!row) return fail("not_found", `Verification ${input.verificationId} not found`);
    if (row.status !== "InProgress" || row.expiresAt <= now) return fail("conflict", "Only a case still in progress can switch workflow");
    if (row.workflowId === workflow.id)
      return fail("invalid", "The case already runs this workflow", { detail: { workflow_id: "Choose another workflow" } });
    const [updated] = await tx
      .update(verifications)
      .set({ workflowId: workflow.id, updatedAt: now })
      .where(and(eq(verifications.id, row.id), ofTenant(verifications, tenant)))
      .returning();
    const note = [`Workflow ${row.workflowId} → ${workflow.id}`, input.note?.trim()].filter(Boolean).join(": ");
    await tx.insert(verificationEvents).values({
      id: newId("vev"),
      teamId: tenant.teamId,
      mode: tenant.mode,
      verificationId: row.id,
      event: "WorkflowChanged",
      fromStatus: row.status,
      toStatus: row.status,
      actorType: input.actor.type,
      actorId: input.actor.id ?? null,
      note,
      createdAt: now,
    });
    await recordAudit(tx, {
      ...tenant,
      actor: input.actor,
      action: "verification.workflow_changed",
      targetType: "verification",
      targetId: row.id,
      metadata: { from: row.workflowId, to: workflow.id },
    });
    return ok(toVerificationRecord(updated!));
  });
}

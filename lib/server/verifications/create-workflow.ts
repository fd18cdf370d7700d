import { and, eq } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { workflows } from "@/lib/db/schema";
import { recordAudit } from "../audit/record-audit";
import { fail, ok, type Result } from "../shared/result";
import { type Actor, type Tenant, ofTenant } from "../shared/tenant";
import { BUILT_IN_WORKFLOWS, findWorkflow, fromRow, WORKFLOW_STEPS, type Workflow, type WorkflowStep } from "./workflows";

/*
 * A team's own workflows: created (an id unique within the team and mode, a name, an ordered list
 * of steps), edited (name and steps; cases already opened keep running their steps as the case
 * page shows them), archived (no new case may use it; it stays listed and readable) and restored.
 * Built-in workflows are part of the release and cannot be changed.
 */

const MAX_NAME = 120;

function checkFields(input: { name: string; steps: string[] }): Record<string, string> {
  const detail: Record<string, string> = {};
  if (!input.name.trim()) detail.name = "Required";
  else if (input.name.trim().length > MAX_NAME) detail.name = `At most ${MAX_NAME} characters`;
  const unknown = input.steps.filter((s) => !(WORKFLOW_STEPS as readonly string[]).includes(s));
  if (input.steps.length === 0 || unknown.length) detail.steps = `Steps must be some of ${WORKFLOW_STEPS.join(", ")}`;
  else if (new Set(input.steps).size !== input.steps.length) detail.steps = "A step appears twice";
  return detail;
}

export async function createWorkflow(
  db: Db,
  tenant: Tenant,
  input: { id: string; name: string; steps: string[]; actor: Actor },
): Promise<Result<Workflow>> {
  const detail = checkFields(input);
  if (!/^[a-z0-9][a-z0-9-]{1,62}$/.test(input.id)) detail.id = "2–63 characters: lower-case letters, digits and dashes";
  if (Object.keys(detail).length) return fail("invalid", "Invalid workflow", { detail });
  if (await findWorkflow(db, tenant, input.id))
    return fail("conflict", `Workflow ${input.id} already exists`, { detail: { id: "Already exists" } });
  const steps = input.steps as WorkflowStep[];
  const row = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(workflows)
      .values({ ...tenant, id: input.id, name: input.name.trim(), steps })
      .onConflictDoNothing()
      .returning();
    if (inserted)
      await recordAudit(tx, { ...tenant, actor: input.actor, action: "workflow.created", targetType: "workflow", targetId: input.id });
    return inserted;
  });
  if (!row) return fail("conflict", `Workflow ${input.id} already exists`, { detail: { id: "Already exists" } });
  return ok(fromRow(row));
}

export async function updateWorkflow(
  db: Db,
  tenant: Tenant,
  input: { id: string; name: string; steps: string[]; actor: Actor },
): Promise<Result<Workflow>> {
  if (BUILT_IN_WORKFLOWS.some((w) => w.id === input.id))
    return fail("invalid", "A built-in workflow cannot be changed", { detail: { id: "Built in" } });
  const detail = checkFields(input);
  if (Object.keys(detail).length) return fail("invalid", "Invalid workflow", { detail });
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(workflows)
      .set({ name: input.name.trim(), steps: input.steps, updatedAt: new Date() })
      .where(and(ofTenant(workflows, tenant), eq(workflows.id, input.id)))
      .returning();
    if (!row) return fail("not_found", `Workflow ${input.id} not found`);
    await recordAudit(tx, { ...tenant, actor: input.actor, action: "workflow.updated", targetType: "workflow", targetId: input.id });
    return ok(fromRow(row));
  });
}

/** Archive (archived true) or restore a team's workflow. */
export async function archiveWorkflow(
  db: Db,
  tenant: Tenant,
  input: { id: string; archived: boolean; actor: Actor },
): Promise<Result<Workflow>> {
  if (BUILT_IN_WORKFLOWS.some((w) => w.id === input.id))
    return fail("invalid", "A built-in workflow cannot be archived", { detail: { id: "Built in" } });
  return db.transaction(async (tx) => {
    const now = new Date();
    const [row] = await tx
      .update(workflows)
      .set({ archivedAt: input.archived ? now : null, updatedAt: now })
      .where(and(ofTenant(workflows, tenant), eq(workflows.id, input.id)))
      .returning();
    if (!row) return fail("not_found", `Workflow ${input.id} not found`);
    await recordAudit(tx, {
      ...tenant,
      actor: input.actor,
      action: input.archived ? "workflow.archived" : "workflow.restored",
      targetType: "workflow",
      targetId: input.id,
    });
    return ok(fromRow(row));
  });
}

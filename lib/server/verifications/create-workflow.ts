import type { Db } from "@/lib/db";
import { workflows } from "@/lib/db/schema";
import { recordAudit } from "../audit/record-audit";
import { fail, ok, type Result } from "../shared/result";
import type { Actor, Tenant } from "../shared/tenant";
import { findWorkflow, WORKFLOW_STEPS, type Workflow, type WorkflowStep } from "./workflows";

/** A team's own workflow: an id unique within the team and mode, and an ordered list of steps. */
export async function createWorkflow(db: Db, tenant: Tenant, input: { id: string; name: string; steps: string[]; actor: Actor }): Promise<Result<Workflow>> {
  const detail: Record<string, string> = {};
  if (!/^[a-z0-9][a-z0-9-]{1,62}$/.test(input.id)) detail.id = "2–63 characters: lower-case letters, digits and dashes";
  if (!input.name.trim()) detail.name = "Required";
  const unknown = input.steps.filter((s) => !(WORKFLOW_STEPS as readonly string[]).includes(s));
  if (input.steps.length === 0 || unknown.length) detail.steps = `Steps must be some of ${WORKFLOW_STEPS.join(", ")}`;
  if (new Set(input.steps).size !== input.steps.length) detail.steps = "A step appears twice";
  if (Object.keys(detail).length) return fail("invalid", "Invalid workflow", { detail });
  if (await findWorkflow(db, tenant, input.id)) return fail("conflict", `Workflow ${input.id} already exists`, { detail: { id: "Already exists" } });
  const steps = input.steps as WorkflowStep[];
  await db.transaction(async (tx) => {
    await tx.insert(workflows).values({ ...tenant, id: input.id, name: input.name.trim(), steps });
    await recordAudit(tx, { ...tenant, actor: input.actor, action: "workflow.created", targetType: "workflow", targetId: input.id });
  });
  return ok({ id: input.id, name: input.name.trim(), steps, builtIn: false });
}

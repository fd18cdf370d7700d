import { and, eq } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { workflows } from "@/lib/db/schema";
import type { Tenant } from "../shared/tenant";

// Built-in workflows, named like the flow ids of wire-details so clients written for the real
// API keep working; a team can add its own (table `workflows`).

export const WORKFLOW_STEPS = ["photo_id", "video_selfie", "address_evidence", "vouch", "professional_vouch"] as const;
/** `referee_confirm`: the last step of a referee's own check (built in only; a team's workflow cannot use it). */
export type WorkflowStep = (typeof WORKFLOW_STEPS)[number] | "referee_confirm";

/** The workflow of a referee's own case (issue 13): they verify themselves, then confirm what they know. */
export const REFEREE_WORKFLOW_ID = "referee-check";

export interface Workflow {
  id: string;
  name: string;
  steps: WorkflowStep[];
  builtIn: boolean;
}

export const BUILT_IN_WORKFLOWS: readonly Workflow[] = [
  { id: "sandbox-flow", name: "Photo ID, selfie and address", steps: ["photo_id", "video_selfie", "address_evidence"], builtIn: true },
  { id: "sandbox-flow-enhanced", name: "Enhanced: photo ID, selfie, address and AML", steps: ["photo_id", "video_selfie", "address_evidence"], builtIn: true },
  { id: "sandbox-flow-referee", name: "Vouch by a referee", steps: ["vouch"], builtIn: true },
  { id: "sandbox-flow-professional-referee", name: "Address, then a professional referee's vouch", steps: ["address_evidence", "professional_vouch"], builtIn: true },
  { id: "sandbox-flow-address-only", name: "Address only", steps: ["address_evidence"], builtIn: true },
  { id: REFEREE_WORKFLOW_ID, name: "A referee's own check (vouching)", steps: ["photo_id", "video_selfie", "referee_confirm"], builtIn: true },
];

/** A built-in workflow or one of the tenant's own; undefined when the id is unknown. */
export async function findWorkflow(db: Db, tenant: Tenant, id: string): Promise<Workflow | undefined> {
  const builtIn = BUILT_IN_WORKFLOWS.find((w) => w.id === id);
  if (builtIn) return builtIn;
  const [row] = await db
    .select()
    .from(workflows)
    .where(and(eq(workflows.teamId, tenant.teamId), eq(workflows.mode, tenant.mode), eq(workflows.id, id)))
    .limit(1);
  return row ? { id: row.id, name: row.name, steps: row.steps as WorkflowStep[], builtIn: false } : undefined;
}

export async function listWorkflows(db: Db, tenant: Tenant): Promise<Workflow[]> {
  const own = await db
    .select()
    .from(workflows)
    .where(and(eq(workflows.teamId, tenant.teamId), eq(workflows.mode, tenant.mode)));
  return [...BUILT_IN_WORKFLOWS, ...own.map((r) => ({ id: r.id, name: r.name, steps: r.steps as WorkflowStep[], builtIn: false }))];
}

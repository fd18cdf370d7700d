import { and, eq } from "drizzle-orm";
import type { Flow } from "@/lib/contract";
import type { Db } from "@/lib/db";
import { workflows, type WorkflowRow } from "@/lib/db/schema";
import { type Tenant, ofTenant } from "../shared/tenant";

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
  createdAt: Date;
  updatedAt: Date;
  /** An archived workflow stays readable (its cases keep it) but opens no new case. */
  archivedAt: Date | null;
}

/** When the built-in workflows took their present shape (they are part of the release, not of a team). */
const BUILT_IN_SINCE = new Date("2026-11-01T00:00:00.000Z");
const builtIn = (id: string, name: string, steps: WorkflowStep[]): Workflow => ({
  id,
  name,
  steps,
  builtIn: true,
  createdAt: BUILT_IN_SINCE,
  updatedAt: BUILT_IN_SINCE,
  archivedAt: null,
});

/**
 * What one verification through the workflow costs in tokens (the real API's
 * `tokens_per_verification`): one per step that runs a check; the referee's confirmation is part of
 * their own case and costs nothing more.
 */
export function tokensPerVerification(workflow: Pick<Workflow, "steps">): number {
  return workflow.steps.filter((s) => s !== "referee_confirm").length;
}

export const BUILT_IN_WORKFLOWS: readonly Workflow[] = [
  builtIn("sandbox-flow", "Photo ID, selfie and address", ["photo_id", "video_selfie", "address_evidence"]),
  builtIn("sandbox-flow-enhanced", "Enhanced: photo ID, selfie, address and AML", ["photo_id", "video_selfie", "address_evidence"]),
  builtIn("sandbox-flow-referee", "Vouch by a referee", ["vouch"]),
  builtIn("sandbox-flow-professional-referee", "Address, then a professional referee's vouch", ["address_evidence", "professional_vouch"]),
  builtIn("sandbox-flow-address-only", "Address only", ["address_evidence"]),
  builtIn(REFEREE_WORKFLOW_ID, "A referee's own check (vouching)", ["photo_id", "video_selfie", "referee_confirm"]),
];

/** A built-in workflow or one of the tenant's own; undefined when the id is unknown. */
export async function findWorkflow(db: Db, tenant: Tenant, id: string): Promise<Workflow | undefined> {
  const builtIn = BUILT_IN_WORKFLOWS.find((w) => w.id === id);
  if (builtIn) return builtIn;
  const [row] = await db
    .select()
    .from(workflows)
    .where(and(ofTenant(workflows, tenant), eq(workflows.id, id)))
    .limit(1);
  return row ? fromRow(row) : undefined;
}

export async function listWorkflows(db: Db, tenant: Tenant): Promise<Workflow[]> {
  const own = await db.select().from(workflows).where(ofTenant(workflows, tenant));
  return [
    ...BUILT_IN_WORKFLOWS,
    ...own.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id)).map(fromRow),
  ];
}

export function fromRow(row: WorkflowRow): Workflow {
  return {
    id: row.id,
    name: row.name,
    steps: row.steps as WorkflowStep[],
    builtIn: false,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    archivedAt: row.archivedAt,
  };
}

/** A workflow as the real API's `Flow` (GET /api/v1/flows). */
export function toFlow(workflow: Workflow): Flow {
  return {
    id: workflow.id,
    name: workflow.name,
    created_at: workflow.createdAt.toISOString(),
    updated_at: workflow.updatedAt.toISOString(),
    archived_at: workflow.archivedAt?.toISOString() ?? null,
    tokens_per_verification: tokensPerVerification(workflow),
  };
}

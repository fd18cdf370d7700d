import type { Db } from "@/lib/db";
import type { Result } from "../shared/result";
import type { Tenant } from "../shared/tenant";
import { archiveWorkflow, createWorkflow, updateWorkflow } from "../verifications/create-workflow";
import type { Workflow } from "../verifications/workflows";
import { authorizeStaff, type StaffRef } from "./authorize-staff";

/*
 * The console's doors to a team's own workflows (issue 16): each checks the member's role on the
 * server (manage_settings: owners and admins) before the change, which is audited in its transaction.
 */

export type WorkflowChange =
  | { kind: "create"; id: string; name: string; steps: string[] }
  | { kind: "update"; id: string; name: string; steps: string[] }
  | { kind: "archive"; id: string; archived: boolean };

export async function changeWorkflow(db: Db, tenant: Tenant, staff: StaffRef, change: WorkflowChange): Promise<Result<Workflow>> {
  const allowed = await authorizeStaff(db, { staff, teamId: tenant.teamId, permission: "manage_settings" });
  if (!allowed.ok) return allowed;
  const actor = allowed.value.actor;
  if (change.kind === "create") return createWorkflow(db, tenant, { id: change.id, name: change.name, steps: change.steps, actor });
  if (change.kind === "update") return updateWorkflow(db, tenant, { id: change.id, name: change.name, steps: change.steps, actor });
  return archiveWorkflow(db, tenant, { id: change.id, archived: change.archived, actor });
}

import type { Db } from "@/lib/db";
import { revokeApiClient } from "../auth/revoke-api-client";
import type { Result } from "../shared/result";
import type { Tenant } from "../shared/tenant";
import { authorizeStaff, type StaffRef } from "./authorize-staff";

/** Revokes a credential of the tenant's mode and every token it issued. */
export async function revokeCredential(
  db: Db,
  tenant: Tenant,
  input: { staff: StaffRef; clientId: string },
): Promise<Result<{ clientId: string; revokedAt: Date }>> {
  const allowed = await authorizeStaff(db, { staff: input.staff, teamId: tenant.teamId, permission: "manage_integrations" });
  if (!allowed.ok) return allowed;
  return revokeApiClient(db, tenant, { clientId: input.clientId, actor: allowed.value.actor });
}

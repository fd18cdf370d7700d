import type { Db } from "@/lib/db";
import { createApiClient, type NewCredentials } from "../auth/create-api-client";
import type { Result } from "../shared/result";
import type { Tenant } from "../shared/tenant";
import { authorizeStaff, type StaffRef } from "./authorize-staff";

/** New client credentials for the tenant's mode; the secret is in the answer and nowhere else. */
export async function createCredential(db: Db, tenant: Tenant, input: { staff: StaffRef; name: string }): Promise<Result<NewCredentials>> {
  const allowed = await authorizeStaff(db, { staff: input.staff, teamId: tenant.teamId, permission: "manage_integrations" });
  if (!allowed.ok) return allowed;
  return createApiClient(db, tenant, { name: input.name, actor: allowed.value.actor });
}

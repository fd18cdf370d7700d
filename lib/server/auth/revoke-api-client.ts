import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { accessTokens, apiClients } from "@/lib/db/schema";
import { recordAudit } from "../audit/record-audit";
import { fail, ok, type Result } from "../shared/result";
import { type Actor, type Tenant, ofTeam, ofTenant } from "../shared/tenant";
import { forgetCachedTokens } from "./verify-token";

/** Revoking a client revokes every token it issued (wire-details: tokens). */
export async function revokeApiClient(
  db: Db,
  tenant: Tenant,
  input: { clientId: string; actor: Actor },
): Promise<Result<{ clientId: string; revokedAt: Date }>> {
  const result = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(apiClients)
      .set({ revokedAt: new Date() })
      .where(and(eq(apiClients.clientId, input.clientId), ofTenant(apiClients, tenant), isNull(apiClients.revokedAt)))
      .returning();
    if (!row) return fail("not_found", `No active credential ${input.clientId}`);
    await tx.delete(accessTokens).where(and(eq(accessTokens.apiClientId, row.id), ofTeam(accessTokens, tenant.teamId)));
    await recordAudit(tx, {
      ...tenant,
      actor: input.actor,
      action: "api_client.revoked",
      targetType: "api_client",
      targetId: input.clientId,
    });
    return ok({ clientId: row.clientId, revokedAt: row.revokedAt!, apiClientId: row.id });
  });
  if (result.ok) forgetCachedTokens(result.value.apiClientId);
  return result;
}

import type { WebhookEndpointView } from "@/lib/contract";
import type { Db } from "@/lib/db";
import type { Tenant } from "../shared/tenant";
import { getWebhookEndpoint } from "../webhooks/get-webhook-endpoint";

export interface TeamSettings {
  defaultRedirectUrl: string | null;
  webhook: WebhookEndpointView | null;
}

/** The team's settings page: team-wide values and the mode's webhook endpoint (never its secret). */
export async function getTeamSettings(db: Db, tenant: Tenant): Promise<TeamSettings> {
  const team = await db.query.teams.findFirst({ where: (t, { eq }) => eq(t.id, tenant.teamId), columns: { defaultRedirectUrl: true } });
  return { defaultRedirectUrl: team?.defaultRedirectUrl ?? null, webhook: await getWebhookEndpoint(db, tenant) };
}

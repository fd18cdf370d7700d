import type { WebhookEndpointView } from "@/lib/contract";
import type { Db } from "@/lib/db";
import { webhookEndpoints } from "@/lib/db/schema";
import { type Tenant, ofTenant } from "../shared/tenant";
import { toEndpointView } from "./to-endpoint-view";

/** The team+mode's webhook settings, or null when none were ever made. Never the secret. */
export async function getWebhookEndpoint(db: Db, tenant: Tenant): Promise<WebhookEndpointView | null> {
  const [row] = await db.select().from(webhookEndpoints).where(ofTenant(webhookEndpoints, tenant)).limit(1);
  return row ? toEndpointView(row) : null;
}

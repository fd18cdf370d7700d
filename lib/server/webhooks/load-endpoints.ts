import { or } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { webhookEndpoints } from "@/lib/db/schema";
import { type Tenant, ofTenant } from "../shared/tenant";

export interface EndpointTarget {
  url: string | null;
  enabled: boolean;
  /** The current secret, and the previous one while its 24 h grace period lasts. */
  secrets: string[];
}

export const tenantKey = (t: Tenant) => `${t.teamId}:${t.mode}`;

/** The endpoints of a batch's tenants in one query: deliveries use the settings of the moment. */
export async function loadEndpoints(db: Db, tenants: Tenant[], now = new Date()): Promise<Map<string, EndpointTarget>> {
  const unique = [...new Map(tenants.map((t) => [tenantKey(t), t])).values()];
  const found = new Map<string, EndpointTarget>();
  if (unique.length === 0) return found;
  const rows = await db
    .select()
    .from(webhookEndpoints)
    .where(or(...unique.map((t) => ofTenant(webhookEndpoints, t))));
  for (const row of rows) {
    const previousValid = row.previousSecret && row.previousSecretExpiresAt && row.previousSecretExpiresAt > now;
    found.set(tenantKey(row), {
      url: row.url,
      enabled: row.enabled,
      secrets: previousValid ? [row.secret, row.previousSecret!] : [row.secret],
    });
  }
  return found;
}

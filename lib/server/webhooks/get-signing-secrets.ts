import type { Db } from "@/lib/db";
import { webhookEndpoints } from "@/lib/db/schema";
import { type Tenant, ofTenant } from "../shared/tenant";
import { newSigningSecret } from "./sign";

/**
 * The secrets a webhook for this team and mode is signed with: the current one, plus the previous
 * one while a rotation's grace period lasts. A team that never opened its webhook settings gets its
 * endpoint row (no URL yet) with a fresh secret, so every delivery is signed from the first one.
 */
export async function getSigningSecrets(db: Db, tenant: Tenant, now = new Date()): Promise<string[]> {
  let row = await readEndpoint(db, tenant);
  if (!row) {
    // Two first deliveries at once: one insert wins, both read the winner's secret.
    await db
      .insert(webhookEndpoints)
      .values({ teamId: tenant.teamId, mode: tenant.mode, url: null, secret: newSigningSecret() })
      .onConflictDoNothing({ target: [webhookEndpoints.teamId, webhookEndpoints.mode] });
    row = await readEndpoint(db, tenant);
  }
  if (!row) throw new Error("webhook endpoint row missing after insert");
  const previousValid = row.previousSecret && row.previousSecretExpiresAt && row.previousSecretExpiresAt > now;
  return previousValid ? [row.secret, row.previousSecret!] : [row.secret];
}

async function readEndpoint(db: Db, tenant: Tenant) {
  const [row] = await db
    .select({
      secret: webhookEndpoints.secret,
      previousSecret: webhookEndpoints.previousSecret,
      previousSecretExpiresAt: webhookEndpoints.previousSecretExpiresAt,
    })
    .from(webhookEndpoints)
    .where(ofTenant(webhookEndpoints, tenant))
    .limit(1);
  return row;
}

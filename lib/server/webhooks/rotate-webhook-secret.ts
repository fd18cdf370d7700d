import type { Db } from "@/lib/db";
import { webhookEndpoints } from "@/lib/db/schema";
import { recordAudit } from "../audit/record-audit";
import { ok, type Result } from "../shared/result";
import { type Actor, type Tenant, ofTenant } from "../shared/tenant";
import { newSigningSecret } from "./sign";

export const SECRET_GRACE_MS = 24 * 3600 * 1000;

/**
 * A new signing secret, shown once. The previous one stays valid for 24 h: deliveries carry a
 * signature with each (Standard Webhooks allows several), so receivers can switch without loss.
 */
export async function rotateWebhookSecret(
  db: Db,
  options: { tenant: Tenant; actor: Actor; now?: Date },
): Promise<Result<{ secret: string; previous_secret_expires_at: string }>> {
  const { tenant } = options;
  const now = options.now ?? new Date();
  const where = ofTenant(webhookEndpoints, tenant);
  return db.transaction(async (tx) => {
    await tx
      .insert(webhookEndpoints)
      .values({ ...tenant, url: null, secret: newSigningSecret() })
      .onConflictDoNothing();
    const [before] = await tx.select().from(webhookEndpoints).where(where).for("update");
    const secret = newSigningSecret();
    const expiresAt = new Date(now.getTime() + SECRET_GRACE_MS);
    await tx
      .update(webhookEndpoints)
      .set({ secret, previousSecret: before!.secret, previousSecretExpiresAt: expiresAt, updatedAt: now })
      .where(where);
    await recordAudit(tx, {
      ...tenant,
      actor: options.actor,
      action: "webhook.secret_rotated",
      targetType: "webhook_endpoint",
      targetId: tenant.mode,
      metadata: { previous_valid_until: expiresAt.toISOString() },
    });
    return ok({ secret, previous_secret_expires_at: expiresAt.toISOString() });
  });
}

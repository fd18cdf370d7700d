import { WEBHOOK_EVENTS, type WebhookEndpointView, type WebhookEventName } from "@/lib/contract";
import type { Db } from "@/lib/db";
import { webhookEndpoints } from "@/lib/db/schema";
import { recordAudit } from "../audit/record-audit";
import { fail, ok, type Result } from "../shared/result";
import { type Actor, type Tenant, ofTenant } from "../shared/tenant";
import { newSigningSecret } from "./sign";
import { checkWebhookUrl, type Resolver } from "./ssrf-guard";
import { toEndpointView } from "./to-endpoint-view";

export interface SetWebhookEndpointOptions {
  tenant: Tenant;
  actor: Actor;
  url: string;
  /** Absent: unchanged (on for a new endpoint). */
  enabled?: boolean;
  /** Events to send, empty meaning all. Absent: unchanged (all for a new endpoint). */
  events?: string[];
  allowLoopback: boolean;
  resolve?: Resolver;
}

export interface SetWebhookEndpointResult {
  endpoint: WebhookEndpointView;
  /** The signing secret, shown once: when the endpoint is first configured. Null afterwards (rotate to get a new one). */
  secret: string | null;
}

/**
 * Sets the team+mode's webhook URL, switch and event filter. The URL must pass the SSRF guard
 * now (https, public addresses; loopback only where configuration allows); deliveries check
 * it again, as DNS may change.
 */
export async function setWebhookEndpoint(db: Db, options: SetWebhookEndpointOptions): Promise<Result<SetWebhookEndpointResult>> {
  const { tenant } = options;
  const events = options.events && [...new Set(options.events)];
  const unknown = (events ?? []).filter((e) => !(WEBHOOK_EVENTS as readonly string[]).includes(e));
  if (unknown.length) {
    const message = `Unknown event(s) ${unknown.join(", ")}; events are ${WEBHOOK_EVENTS.join(", ")}`;
    return fail("invalid", message, { detail: { events: message } });
  }
  if (options.url.length > 2048) return fail("invalid", "url is too long", { detail: { url: "At most 2048 characters" } });
  const guard = await checkWebhookUrl(options.url, { allowLoopback: options.allowLoopback, resolve: options.resolve });
  if (!guard.ok) return fail("invalid", guard.error.message, { detail: { url: guard.error.message } });

  const where = ofTenant(webhookEndpoints, tenant);
  return db.transaction(async (tx) => {
    // The row may exist without a URL (a sandbox trigger signs with a lazily made secret).
    await tx
      .insert(webhookEndpoints)
      .values({ ...tenant, url: null, secret: newSigningSecret() })
      .onConflictDoNothing();
    const [before] = await tx.select().from(webhookEndpoints).where(where).for("update");
    const [row] = await tx
      .update(webhookEndpoints)
      .set({
        url: options.url,
        enabled: options.enabled ?? before!.enabled,
        events: (events ?? before!.events) as WebhookEventName[],
        updatedAt: new Date(),
      })
      .where(where)
      .returning();
    await recordAudit(tx, {
      ...tenant,
      actor: options.actor,
      action: "webhook.endpoint_set",
      targetType: "webhook_endpoint",
      targetId: tenant.mode,
      // Only the host: a receiver URL may carry a token in its path or query.
      metadata: { webhook_host: guard.value.url.host, enabled: row!.enabled, events: row!.events },
    });
    return ok({ endpoint: toEndpointView(row!), secret: before!.url === null ? before!.secret : null });
  });
}

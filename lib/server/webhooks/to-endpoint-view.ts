import type { WebhookEndpointView, WebhookEventName } from "@/lib/contract";
import type { WebhookEndpoint } from "@/lib/db/schema";

export function toEndpointView(row: WebhookEndpoint, now = new Date()): WebhookEndpointView {
  const graceLasts = row.previousSecret && row.previousSecretExpiresAt && row.previousSecretExpiresAt > now;
  return {
    url: row.url,
    enabled: row.enabled,
    events: row.events as WebhookEventName[],
    previous_secret_expires_at: graceLasts ? row.previousSecretExpiresAt!.toISOString() : null,
    updated_at: row.updatedAt.toISOString(),
  };
}

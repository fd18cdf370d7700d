import { and, eq } from "drizzle-orm";
import type { WebhookMessageView } from "@/lib/contract";
import type { Db } from "@/lib/db";
import { webhookMessages } from "@/lib/db/schema";
import { fail, ok, type Result } from "../shared/result";
import { type Tenant, ofTenant } from "../shared/tenant";
import { withAttempts } from "./list-webhook-messages";

/** One message of the tenant with its attempts; another team's or mode's is "not found". */
export async function getWebhookMessage(db: Db, tenant: Tenant, id: string): Promise<Result<WebhookMessageView>> {
  const rows = await db
    .select()
    .from(webhookMessages)
    .where(and(eq(webhookMessages.id, id), ofTenant(webhookMessages, tenant)))
    .limit(1);
  if (rows.length === 0) return fail("not_found", `Webhook message ${id} not found`);
  const [view] = await withAttempts(db, rows);
  return ok(view!);
}

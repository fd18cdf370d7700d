import { and, desc, eq, inArray, lt, type SQL } from "drizzle-orm";
import type { WebhookMessageList, WebhookMessageListQuery, WebhookMessageView } from "@/lib/contract";
import type { Db } from "@/lib/db";
import { webhookAttempts, webhookMessages } from "@/lib/db/schema";
import { fail, ok, type Result } from "../shared/result";
import { type Tenant, ofTenant } from "../shared/tenant";
import { toMessageView } from "./to-message-view";

// Newest first by `seq`, which is unique and exact: messages come in bursts within one
// millisecond, where a (created_at, id) cursor would skip some.
const encode = (seq: number) => Buffer.from(`seq:${seq}`).toString("base64url");
const decode = (cursor: string) => {
  const match = /^seq:(\d{1,18})$/.exec(Buffer.from(cursor, "base64url").toString("utf8"));
  return match ? Number(match[1]) : null;
};

/** The tenant's outbox, newest first, each message with its attempts (console and API). */
export async function listWebhookMessages(db: Db, tenant: Tenant, query: WebhookMessageListQuery): Promise<Result<WebhookMessageList>> {
  const conditions: SQL[] = [ofTenant(webhookMessages, tenant)];
  if (query.status) conditions.push(eq(webhookMessages.status, query.status));
  if (query.verification_id) conditions.push(eq(webhookMessages.verificationId, query.verification_id));
  if (query.cursor) {
    const seq = decode(query.cursor);
    if (seq === null) return fail("invalid", "Invalid cursor", { detail: { cursor: "Use the next_cursor of the previous page" } });
    conditions.push(lt(webhookMessages.seq, seq));
  }
  const rows = await db
    .select()
    .from(webhookMessages)
    .where(and(...conditions))
    .orderBy(desc(webhookMessages.seq))
    .limit(query.limit + 1);
  const items = rows.slice(0, query.limit);
  const next = rows.length > query.limit ? items.at(-1) : undefined;
  return ok({ messages: await withAttempts(db, items), next_cursor: next ? encode(next.seq) : null });
}

export async function withAttempts(db: Db, rows: (typeof webhookMessages.$inferSelect)[]): Promise<WebhookMessageView[]> {
  if (rows.length === 0) return [];
  const attempts = await db
    .select()
    .from(webhookAttempts)
    .where(
      inArray(
        webhookAttempts.messageId,
        rows.map((r) => r.id),
      ),
    );
  return rows.map((row) => toMessageView(row, attempts));
}

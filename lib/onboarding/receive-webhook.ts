import "server-only";
import { randomBytes } from "node:crypto";
import { Webhook, WebhookVerificationError } from "standardwebhooks";
import { verificationWebhookPayloadSchema } from "@/lib/contract";
import type { Db } from "@/lib/db";
import { findApplicantByVerification, getApplicant, recordVerificationStatus } from "./applicants";
import { receivedEvents } from "./schema";
import { applicantStateFor } from "./states";

// The service's webhooks, signed the Standard Webhooks way (wire-details: webhooks). Delivery is
// at least once: the `webhook-id` is stored under a unique index, so a retry is acknowledged
// without being applied twice. The work is two small writes, so the answer stays fast.

export const MAX_WEBHOOK_BYTES = 256 * 1024;

export interface ReceiveWebhookInput {
  body: string;
  headers: Headers;
  /** Accepted signing secrets (`whsec_…`); any one verifying is enough. */
  secrets: readonly string[];
}

export interface ReceiveWebhookResult {
  status: number;
  body: { received: boolean; duplicate?: boolean; error?: string };
}

/** Time-sortable ids keep events in arrival order even within one millisecond's timestamp. */
function newEventId(): string {
  return `evt_${Date.now().toString(36).padStart(9, "0")}${randomBytes(8).toString("base64url")}`;
}

function verify(secrets: readonly string[], body: string, headers: Record<string, string>): unknown {
  for (const secret of secrets) {
    try {
      return new Webhook(secret).verify(body, headers);
    } catch (error) {
      if (!(error instanceof WebhookVerificationError)) throw error;
    }
  }
  return undefined;
}

export async function receiveWebhook(db: Db, input: ReceiveWebhookInput): Promise<ReceiveWebhookResult> {
  const headers = {
    "webhook-id": input.headers.get("webhook-id") ?? "",
    "webhook-timestamp": input.headers.get("webhook-timestamp") ?? "",
    "webhook-signature": input.headers.get("webhook-signature") ?? "",
  };
  // The library checks the signature and that the timestamp is within five minutes (replays).
  const payload = verify(input.secrets, input.body, headers);
  if (payload === undefined || typeof payload !== "object" || payload === null) {
    return { status: 401, body: { received: false, error: "Invalid signature" } };
  }
  const event = String((payload as { event?: unknown }).event ?? "unknown").slice(0, 64);

  // Which applicant: external_id is ours; the verification id is the fallback.
  const verification = verificationWebhookPayloadSchema.safeParse(payload);
  let applicantId: string | null = null;
  if (verification.success) {
    const { external_id, id } = verification.data;
    const byExternal = external_id ? await getApplicant(db, external_id) : undefined;
    // The service can deliver `Created` before our sign-up has written the verification's id on the
    // applicant (it is written once the create call returns): an applicant with no verification yet
    // is the one named by external_id. Its state moves only once the id is on it (recordVerificationStatus).
    const ours = byExternal && (byExternal.verificationId === id || byExternal.verificationId === null);
    const applicant = ours ? byExternal : await findApplicantByVerification(db, id);
    applicantId = applicant?.id ?? null;
  }

  // The event and what it changes are kept together: a crash between them would otherwise store
  // the event and lose its effect for good (the sender's retry would count as a duplicate).
  const duplicate = await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(receivedEvents)
      .values({ id: newEventId(), webhookId: headers["webhook-id"], event, applicantId, payload: payload as Record<string, unknown> })
      .onConflictDoNothing({ target: receivedEvents.webhookId })
      .returning({ id: receivedEvents.id });
    if (inserted.length === 0) return true;
    if (verification.success && applicantId) {
      const { id, status, expires_at, event: name } = verification.data;
      // Each case's events arrive in the order they happened; `Expired` keeps the status InProgress.
      const expired = name === "Expired" || Date.parse(expires_at) <= Date.now();
      await recordVerificationStatus(tx, { applicantId, verificationId: id, status, state: applicantStateFor(status, expired) });
    }
    return false;
  });
  if (duplicate) return { status: 200, body: { received: true, duplicate: true } };
  return { status: 200, body: { received: true } };
}

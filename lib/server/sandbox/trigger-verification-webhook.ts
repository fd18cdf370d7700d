import { verificationEventSchema, type DeliveryReport, type VerificationRecord } from "@/lib/contract";
import type { Db } from "@/lib/db";
import { fail, type Result } from "../shared/result";
import type { Actor, Tenant } from "../shared/tenant";
import { getVerification } from "../verifications/get-verification";
import { requireSandbox, sendSandboxWebhook } from "../webhooks/send-sandbox-webhook";
import type { Resolver } from "../webhooks/ssrf-guard";
import { SANDBOX_VERIFICATION_EVENTS, sandboxVerification } from "./verifications";

export interface TriggerVerificationWebhookOptions {
  tenant: Tenant;
  actor: Actor;
  id: string;
  event: string;
  webhookUrl: string;
  allowLoopback: boolean;
  resolve?: Resolver;
}

const ALL_EVENTS = verificationEventSchema.options;

/** spec 4.7: sends one verification event of a sandbox case to the given URL, now. */
export async function triggerVerificationWebhook(db: Db, options: TriggerVerificationWebhookOptions): Promise<Result<DeliveryReport>> {
  const { tenant, id, event } = options;
  const sandboxOnly = requireSandbox(tenant);
  if (!sandboxOnly.ok) return sandboxOnly;

  const found = await findCase(db, tenant, id);
  if (!found.ok) return found;
  const { record, events } = found.value;
  if (!(events as readonly string[]).includes(event)) {
    // spec 7.2: the refusal names the events this case does send.
    const message = (ALL_EVENTS as readonly string[]).includes(event)
      ? `Verification ${id} does not send "${event}"; it sends: ${events.join(", ")}`
      : `"${event}" is not a verification event; verification ${id} sends: ${events.join(", ")}`;
    return fail("invalid", message, { detail: { event: message }, code: "event_not_sent" });
  }

  return sendSandboxWebhook(db, {
    tenant,
    actor: options.actor,
    event,
    webhookUrl: options.webhookUrl,
    payload: { event, ...record }, // spec 6: `event`, then every field of the record
    target: { type: "verification", id },
    allowLoopback: options.allowLoopback,
    resolve: options.resolve,
  });
}

/** spec 6 table: canned ids send only their listed events; a case created in sandbox sends any. */
async function findCase(db: Db, tenant: Tenant, id: string): Promise<Result<{ record: VerificationRecord; events: readonly string[] }>> {
  const canned = sandboxVerification(id);
  if (canned) return { ok: true, value: { record: canned, events: SANDBOX_VERIFICATION_EVENTS[id] ?? [] } };
  const stored = await getVerification(db, tenant, id);
  if (!stored.ok) return stored;
  return { ok: true, value: { record: stored.value, events: ALL_EVENTS } };
}

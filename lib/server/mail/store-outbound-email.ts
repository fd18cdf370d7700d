import type { Db } from "@/lib/db";
import { outboundEmails } from "@/lib/db/schema";
import { newId } from "../shared/crypto";
import type { MailStatus, MailTransport, OutgoingEmail, SentEmail } from "./mailer";

/** Keeps one email and what became of it. */
export async function storeOutboundEmail(
  db: Pick<Db, "insert">,
  email: OutgoingEmail,
  outcome: { transport: MailTransport; status: MailStatus; error?: string | null; sentAt?: Date | null },
): Promise<SentEmail> {
  const id = newId("eml");
  await db.insert(outboundEmails).values({
    id,
    teamId: email.teamId,
    to: email.to,
    subject: email.subject,
    text: email.text,
    html: email.html ?? null,
    transport: outcome.transport,
    status: outcome.status,
    error: outcome.error ?? null,
    meta: email.meta ?? null,
    sentAt: outcome.sentAt ?? null,
  });
  return { id, transport: outcome.transport, status: outcome.status, error: outcome.error ?? null };
}

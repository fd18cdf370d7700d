import nodemailer from "nodemailer";
import type { Db } from "@/lib/db";
import type { Mailer } from "./mailer";
import { storeOutboundEmail } from "./store-outbound-email";

export interface SmtpMailerOptions {
  /** smtp://user:pass@host:587 (STARTTLS when offered) or smtps://…:465 (TLS from the start). */
  url: string;
  /** The From header, e.g. `Verity <no-reply@example.com>`. */
  from: string;
  /** Each of connecting, the greeting and any silence after (default 10 s): a form waits on it. */
  timeoutMs?: number;
}

/** Hands each email to an SMTP server with nodemailer, and keeps it with the outcome (sent or failed). */
export function createSmtpMailer(db: Db, options: SmtpMailerOptions): Mailer {
  const timeout = options.timeoutMs ?? 10_000;
  const transporter = nodemailer.createTransport({
    url: options.url,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
  });
  return {
    transport: "smtp",
    async send(email) {
      try {
        await transporter.sendMail({
          from: options.from,
          to: email.to,
          subject: email.subject,
          text: email.text,
          html: email.html ?? undefined,
        });
        return await storeOutboundEmail(db, email, { transport: "smtp", status: "sent", sentAt: new Date() });
      } catch (error) {
        return await storeOutboundEmail(db, email, { transport: "smtp", status: "failed", error: describe(error) });
      }
    },
  };
}

/** The server's answer or the network error, without the URL (it may hold the password). */
function describe(error: unknown): string {
  const e = error as { message?: string; response?: string; code?: string };
  const text = e.response ?? e.message ?? String(error);
  return (e.code && !text.includes(e.code) ? `${e.code}: ${text}` : text).slice(0, 500);
}

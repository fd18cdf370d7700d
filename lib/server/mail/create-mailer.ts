import type { Db } from "@/lib/db";
import { createLocalMailbox } from "./local-mailbox";
import type { Mailer } from "./mailer";
import { createSmtpMailer } from "./smtp-mailer";

/** SMTP when SMTP_URL is set (getConfig().mail), else the local mailbox. */
export function createMailer(db: Db, mail: { smtpUrl: string | null; from: string }): Mailer {
  return mail.smtpUrl ? createSmtpMailer(db, { url: mail.smtpUrl, from: mail.from }) : createLocalMailbox(db);
}

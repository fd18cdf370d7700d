import type { Db } from "@/lib/db";
import type { Mailer } from "./mailer";
import { storeOutboundEmail } from "./store-outbound-email";

/**
 * The built-in transport when no SMTP server is configured: the email is kept (status stored)
 * and owners and admins read it in the console's Mailbox, so invitations work out of the box.
 */
export function createLocalMailbox(db: Db): Mailer {
  return {
    transport: "local",
    send: (email) => storeOutboundEmail(db, email, { transport: "local", status: "stored" }),
  };
}

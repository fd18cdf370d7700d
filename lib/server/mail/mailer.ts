// Outgoing email (member invitations). Every email is kept in `outbound_emails` whatever the
// transport, so the console's mailbox shows what was sent, or why it was not.

export type MailTransport = "smtp" | "local";
export type MailStatus = "stored" | "sent" | "failed";

export interface OutgoingEmail {
  /** The team it concerns (its mailbox shows it); null for platform mail. */
  teamId: string | null;
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  /** What the email is about, e.g. `{ kind: "invitation", role: "viewer" }`. */
  meta?: Record<string, unknown>;
}

export interface SentEmail {
  id: string;
  transport: MailTransport;
  status: MailStatus;
  /** Why the server did not take it (status failed). */
  error: string | null;
}

/** Sends never throw for a transport failure: they answer status failed with the error, as stored. */
export interface Mailer {
  readonly transport: MailTransport;
  send(email: OutgoingEmail): Promise<SentEmail>;
}

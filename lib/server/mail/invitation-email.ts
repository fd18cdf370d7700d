import type { Role } from "@/lib/db/schema";
import type { OutgoingEmail } from "./mailer";

const escape = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The invitation to join a team: the one-time link, who sent it, and until when it works. */
export function invitationEmail(input: {
  teamId: string;
  teamName: string;
  to: string;
  role: Role;
  link: string;
  expiresAt: Date;
  inviter: string;
}): OutgoingEmail {
  const until = input.expiresAt.toISOString().slice(0, 16).replace("T", " ") + " UTC";
  const subject = `You are invited to join ${input.teamName} on Verity`;
  const text = [
    `${input.inviter} invited you to join ${input.teamName} on Verity as ${input.role}.`,
    "",
    "Accept the invitation (choose a password, or confirm the one you have):",
    input.link,
    "",
    `The link works once, until ${until}.`,
    "If you did not expect this email, ignore it: nothing happens until the link is used.",
  ].join("\n");
  const html = `<p>${escape(input.inviter)} invited you to join <strong>${escape(input.teamName)}</strong> on Verity as <strong>${escape(input.role)}</strong>.</p>
<p><a href="${escape(input.link)}">Accept the invitation</a></p>
<p>The link works once, until ${escape(until)}. If you did not expect this email, ignore it: nothing happens until the link is used.</p>`;
  return {
    teamId: input.teamId,
    to: input.to,
    subject,
    text,
    html,
    meta: { kind: "invitation", role: input.role, invitedBy: input.inviter },
  };
}

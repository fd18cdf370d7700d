import type { OutgoingEmail } from "../mail/mailer";

const escape = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The referee's invitation: who asked, for which team, and their own link. */
export function vouchEmail(input: {
  teamId: string;
  teamName: string;
  to: string;
  refereeName: string;
  personName: string;
  link: string;
  expiresAt: Date;
}): OutgoingEmail {
  const until = input.expiresAt.toISOString().slice(0, 10);
  const subject = `${input.personName} asked you to vouch for them`;
  const text = [
    `Dear ${input.refereeName},`,
    "",
    `${input.personName} named you as someone who knows them, so that ${input.teamName} can verify their identity.`,
    "To vouch for them you first verify yourself (a photo of your ID and a short video selfie), then confirm their name, date of birth and address.",
    "",
    input.link,
    "",
    `The link works until ${until}. If you do not know ${input.personName}, ignore this email.`,
  ].join("\n");
  const html = `<p>Dear ${escape(input.refereeName)},</p>
<p>${escape(input.personName)} named you as someone who knows them, so that <strong>${escape(input.teamName)}</strong> can verify their identity. To vouch for them you first verify yourself (a photo of your ID and a short video selfie), then confirm their name, date of birth and address.</p>
<p><a href="${escape(input.link)}">Vouch for ${escape(input.personName)}</a></p>
<p>The link works until ${escape(until)}. If you do not know ${escape(input.personName)}, ignore this email.</p>`;
  return { teamId: input.teamId, to: input.to, subject, text, html, meta: { kind: "vouch_invitation" } };
}

import type { EmailHistory } from "./email-history";
import { plural, signal, type SignalResult } from "./signal";

/**
 * `email_linked_to_multiple_identities`: the email was seen anywhere on the platform with another
 * name or date of birth. Only counts leave the network, never whose or which.
 */
export function emailLinkingSignal(history: EmailHistory, identityKey: string | null): SignalResult {
  if (!identityKey)
    return signal("email_linked_to_multiple_identities", "NOT_PERFORMED", "Name or date of birth missing: no identity to compare");
  const { others, same } = history;
  if (others > 0) {
    return signal(
      "email_linked_to_multiple_identities",
      "FAIL",
      `This email was submitted before with ${plural(others, "other identity", "other identities")} (name or date of birth) by ${plural(history.teams, "team")} on the network`,
      { fraud: ["EMAIL_LINKED_TO_MULTIPLE_IDENTITIES"] },
    );
  }
  return same > 0
    ? signal(
        "email_linked_to_multiple_identities",
        "PASS",
        `This email was seen ${plural(same, "time")} before, always with this identity`,
        { trust: ["ESTABLISHED_EMAIL"] },
      )
    : signal("email_linked_to_multiple_identities", "PASS", "First time this email is seen on the network");
}

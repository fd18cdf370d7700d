import { and, countDistinct, eq, ne, sql } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { preparedPerDb } from "@/lib/db/prepared-query";
import { networkIdentities } from "@/lib/db/schema";
import { plural, signal, type SignalResult } from "./signal";

// Built once per database (issue 14): drizzle rebuilt this SQL on every assessment.
const linkingCounts = preparedPerDb((db) =>
  db
    .select({
      others: countDistinct(networkIdentities.identityKey),
      teams: countDistinct(networkIdentities.teamId),
      same: sql<number>`(select count(*)::int from ${networkIdentities} where ${networkIdentities.emailKey} = ${sql.placeholder("emailKey")} and ${networkIdentities.identityKey} = ${sql.placeholder("identityKey")})`,
    })
    .from(networkIdentities)
    .where(and(eq(networkIdentities.emailKey, sql.placeholder("emailKey")), ne(networkIdentities.identityKey, sql.placeholder("identityKey"))))
    .prepare("email_linking_counts"),
);

/**
 * `email_linked_to_multiple_identities`: the email was seen anywhere on the platform with another
 * name or date of birth. Only counts leave the network, never whose or which.
 */
export async function emailLinkingSignal(db: Db, keys: { emailKey: string; identityKey: string | null }): Promise<SignalResult> {
  if (!keys.identityKey) return signal("email_linked_to_multiple_identities", "NOT_PERFORMED", "Name or date of birth missing: no identity to compare");
  const [row] = await linkingCounts(db).execute({ emailKey: keys.emailKey, identityKey: keys.identityKey });
  const others = Number(row?.others ?? 0);
  const same = Number(row?.same ?? 0);
  if (others > 0) {
    return signal(
      "email_linked_to_multiple_identities",
      "FAIL",
      `This email was submitted before with ${plural(others, "other identity", "other identities")} (name or date of birth) by ${plural(Number(row?.teams ?? 0), "team")} on the network`,
      { fraud: ["EMAIL_LINKED_TO_MULTIPLE_IDENTITIES"] },
    );
  }
  return same > 0
    ? signal("email_linked_to_multiple_identities", "PASS", `This email was seen ${plural(same, "time")} before, always with this identity`, { trust: ["ESTABLISHED_EMAIL"] })
    : signal("email_linked_to_multiple_identities", "PASS", "First time this email is seen on the network");
}

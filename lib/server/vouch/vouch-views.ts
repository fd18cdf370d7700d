import { desc, eq } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { verifications, vouches } from "@/lib/db/schema";
import { personSelfieId } from "./get-person-photo";

const ENDED = new Set(["locked_out", "refused", "declined", "failed"]);

/** What the person's vouch page shows: the referee it waits for, or the last one who could not vouch. */
export async function describeVouch(db: Db, verificationId: string): Promise<{ waitingFor: string | null; endedFor: string | null }> {
  const [last] = await db
    .select()
    .from(vouches)
    .where(eq(vouches.verificationId, verificationId))
    .orderBy(desc(vouches.createdAt))
    .limit(1);
  if (!last) return { waitingFor: null, endedFor: null };
  return { waitingFor: last.status === "invited" ? last.refereeName : null, endedFor: ENDED.has(last.status) ? last.refereeName : null };
}

/** For a referee's confirmation page: the person they vouch for, as that person claimed to be. */
export async function personForReferee(
  db: Db,
  refereeVerificationId: string,
): Promise<{ name: string; facts: { name: string; date_of_birth: string; address: string }; hasPhoto: boolean } | null> {
  const [row] = await db
    .select({ claim: verifications.claimDetails, personId: verifications.id })
    .from(vouches)
    .innerJoin(verifications, eq(verifications.id, vouches.verificationId))
    .where(eq(vouches.refereeVerificationId, refereeVerificationId))
    .limit(1);
  if (!row) return null;
  const c = row.claim as Record<string, string | null | undefined>;
  const name = [c.first_name, c.last_name].filter(Boolean).join(" ");
  const address = [c.first_line_of_address, c.postcode].filter(Boolean).join(", ");
  const dob = /^(\d{4})-(\d{2})-(\d{2})$/.exec(c.date_of_birth ?? "");
  return {
    name,
    facts: { name, date_of_birth: dob ? `${Number(dob[3])}/${Number(dob[2])}/${dob[1]}` : "", address },
    hasPhoto: (await personSelfieId(db, row.personId)) !== null,
  };
}

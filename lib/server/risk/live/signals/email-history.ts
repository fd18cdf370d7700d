import { eq, sql } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { preparedPerDb } from "@/lib/db/prepared-query";
import { networkIdentities } from "@/lib/db/schema";

export interface VelocityLimit {
  /** As configured, e.g. "24h". */
  label: string;
  seconds: number;
  /** Most submissions of one email allowed in the window, this one included. */
  limit: number;
}

/** What the network holds about one email: only counts, never whose or which. */
export interface EmailHistory {
  /** Other identities (name or date of birth) seen with the email; 0 without an identity key. */
  others: number;
  /** Teams that submitted the email with another identity. */
  teams: number;
  /** Earlier submissions of the email with this same identity. */
  same: number;
  /** Earlier submissions of the email in each velocity window, in the order of the limits. */
  windows: number[];
}

const byWindows = new Map<number, ReturnType<typeof buildHistory>>();
function buildHistory(windows: number) {
  const t = networkIdentities;
  const identity = sql.placeholder("identityKey");
  return preparedPerDb((db) =>
    db
      .select({
        others: sql<number>`count(distinct ${t.identityKey}) filter (where ${t.identityKey} <> ${identity})::int`,
        teams: sql<number>`count(distinct ${t.teamId}) filter (where ${t.identityKey} <> ${identity})::int`,
        same: sql<number>`count(*) filter (where ${t.identityKey} = ${identity})::int`,
        ...Object.fromEntries(Array.from({ length: windows }, (_, i) => [`w${i}`, sql<number>`count(*) filter (where ${t.createdAt} > ${sql.placeholder(`since${i}`)}::timestamptz)::int`])),
      })
      .from(t)
      .where(eq(t.emailKey, sql.placeholder("emailKey")))
      .prepare(`email_history_${windows}`),
  );
}

/**
 * The email-linking and email-velocity signals read the same rows (every submission of the email),
 * so one indexed statement counts both (issue 14), built once per database and number of windows.
 * A null identity key matches no row (`= null` is never true).
 */
export async function readEmailHistory(db: Db, options: { emailKey: string; identityKey: string | null; now: Date; limits: readonly VelocityLimit[] }): Promise<EmailHistory> {
  const { limits, now } = options;
  let query = byWindows.get(limits.length);
  if (!query) byWindows.set(limits.length, (query = buildHistory(limits.length)));
  const values: Record<string, string | null> = { emailKey: options.emailKey, identityKey: options.identityKey };
  limits.forEach((l, i) => (values[`since${i}`] = new Date(now.getTime() - l.seconds * 1000).toISOString()));
  const [row] = (await query(db).execute(values)) as Record<string, number>[];
  return {
    others: Number(row?.others ?? 0),
    teams: Number(row?.teams ?? 0),
    same: Number(row?.same ?? 0),
    windows: limits.map((_, i) => Number(row?.[`w${i}`] ?? 0)),
  };
}

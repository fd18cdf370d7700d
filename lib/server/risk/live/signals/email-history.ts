import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { rowsOf } from "@/lib/db/rows-of";
import { itemsJson, rowsPerItem, turnBatches } from "@/lib/db/turn-batches";

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

interface HistoryAsk {
  emailKey: string;
  identityKey: string | null;
  /** The start of each velocity window (ISO). */
  since: string[];
}

/**
 * Every ask of one turn in one statement (lib/db/turn-batches.ts), per number of windows: each ask
 * is a row of a JSON parameter, and a lateral subquery counts the submissions of its email by
 * itself (one aggregate per ask over its own index range; joining every ask's rows first and
 * grouping them by ask sorted them all together: half the statement's time on emails submitted
 * hundreds of times, issue 14).
 */
function historyReader(windows: number) {
  const range = Array.from({ length: windows }, (_, i) => i);
  const before = `select k.i, h.* from jsonb_to_recordset(`;
  const after = `::jsonb) as k(i int, email_key text, identity_key text${range.map((i) => `, since${i} timestamptz`).join("")}) cross join lateral (select count(distinct n.identity_key) filter (where n.identity_key <> k.identity_key)::int as others, count(distinct n.team_id) filter (where n.identity_key <> k.identity_key)::int as teams, count(*) filter (where n.identity_key = k.identity_key)::int as same${range.map((i) => `, count(*) filter (where n.created_at > k.since${i})::int as w${i}`).join("")} from network_identities n where n.email_key = k.email_key) h`;
  return turnBatches<HistoryAsk, EmailHistory>(async (db, asks) => {
    const keys = itemsJson(asks, (a) => ({
      email_key: a.emailKey,
      identity_key: a.identityKey,
      ...Object.fromEntries(a.since.map((s, w) => [`since${w}`, s])),
    }));
    const rows = rowsOf<{ i: number } & Record<string, number>>(await db.execute(sql`${sql.raw(before)}${keys}${sql.raw(after)}`));
    // An aggregate without GROUP BY answers one row per ask.
    return rowsPerItem(rows, asks.length).map(([row]) => ({
      others: Number(row?.others ?? 0),
      teams: Number(row?.teams ?? 0),
      same: Number(row?.same ?? 0),
      windows: range.map((w) => Number(row?.[`w${w}`] ?? 0)),
    }));
  });
}
const readers = new Map<number, ReturnType<typeof historyReader>>();

/**
 * The email-linking and email-velocity signals read the same rows (every submission of the email),
 * so one indexed statement counts both, and the asks of concurrent assessments share it (issue 14).
 * A null identity key matches no row (`<>` and `=` with null are never true).
 */
export async function readEmailHistory(
  db: Db,
  options: { emailKey: string; identityKey: string | null; now: Date; limits: readonly VelocityLimit[] },
): Promise<EmailHistory> {
  const { limits, now } = options;
  let read = readers.get(limits.length);
  if (!read) readers.set(limits.length, (read = historyReader(limits.length)));
  return read(db, {
    emailKey: options.emailKey,
    identityKey: options.identityKey,
    since: limits.map((l) => new Date(now.getTime() - l.seconds * 1000).toISOString()),
  });
}

import { sql } from "drizzle-orm";
import { rowsOf } from "@/lib/db/rows-of";
import { fraudReports } from "@/lib/db/schema";
import { itemsJson, rowsPerItem, turnBatches } from "@/lib/db/turn-batches";
import type { EnrichmentProvider } from "../risk/live/providers";
import { emailKey, identityKey } from "../network/keys";

type ReportRow = { i: number; email_key: string | null; identity_key: string | null; day: string };
type Ask = { mode: string; emailKey: string; identityKey: string | null };

/**
 * The newest 50 reports matching each ask, for every ask of one turn in one statement (issue 14;
 * lib/db/turn-batches.ts), newest first. A null identity key matches no row.
 */
const reportsMatching = turnBatches<Ask, ReportRow[]>(async (db, asks) => {
  const keys = itemsJson(asks, (a) => ({ mode: a.mode, email_key: a.emailKey, identity_key: a.identityKey }));
  const rows = rowsOf<ReportRow>(
    await db.execute(sql`select k.i, f.email_key, f.identity_key, f.day
      from jsonb_to_recordset(${keys}::jsonb) as k(i int, mode mode, email_key text, identity_key text)
      cross join lateral (
        select r.email_key, r.identity_key, r.created_at, to_char(r.created_at at time zone 'UTC', 'YYYY-MM-DD') as day from ${fraudReports} r
        where r.mode = k.mode and (r.email_key = k.email_key or r.identity_key = k.identity_key)
        order by r.created_at desc limit 50
      ) f
      order by k.i, f.created_at desc`),
  );
  return rowsPerItem(rows, asks.length);
});

/**
 * NFD, built in: the platform's own confirmed-fraud reports, matched by email key or identity
 * key across every team of the same mode. The reason says when, never which team.
 */
export const nfdProvider: EnrichmentProvider = {
  enrichment: "NFD",
  name: "built-in",
  async run({ db, tenant, subject, networkKey, networkKeys }) {
    const { request } = subject;
    const byEmail = networkKeys?.emailKey ?? emailKey(networkKey, request.email);
    const byIdentity = networkKeys
      ? networkKeys.identityKey
      : identityKey(networkKey, { firstName: request.first_name, lastName: request.last_name, dateOfBirth: request.date_of_birth });
    const rows = await reportsMatching(db, { mode: tenant.mode, emailKey: byEmail, identityKey: byIdentity });
    if (rows.length === 0) {
      return {
        state: "PASS",
        checks: { NFD_MATCH: { state: "PASS", reason: "No confirmed-fraud report matches the email, or the name and date of birth" } },
      };
    }
    const matchedBy = [
      rows.some((r) => r.email_key === byEmail) && "email",
      rows.some((r) => byIdentity && r.identity_key === byIdentity) && "name and date of birth",
    ]
      .filter(Boolean)
      .join(" and ");
    const more = rows.length > 1 ? `; ${rows.length} reports in all` : "";
    const reason = `Reported as confirmed fraud by a team on ${rows[0]!.day} (matched by ${matchedBy}${more})`;
    return { state: "FAIL", checks: { NFD_MATCH: { state: "FAIL", reason } }, fraudSignals: ["CONFIRMED_FRAUD_REPORT"] };
  },
};

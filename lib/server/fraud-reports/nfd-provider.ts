import { and, desc, eq, or, sql } from "drizzle-orm";
import { preparedPerDb } from "@/lib/db/prepared-query";
import { fraudReports } from "@/lib/db/schema";
import type { EnrichmentProvider } from "../risk/live/providers";
import { emailKey, identityKey } from "../network/keys";

// Built once per database (issue 14). A null identity key matches no row (`= null` is never true).
const reportsMatching = preparedPerDb((db) =>
  db
    .select({ emailKey: fraudReports.emailKey, identityKey: fraudReports.identityKey, createdAt: fraudReports.createdAt })
    .from(fraudReports)
    .where(and(eq(fraudReports.mode, sql.placeholder("mode")), or(eq(fraudReports.emailKey, sql.placeholder("emailKey")), eq(fraudReports.identityKey, sql.placeholder("identityKey")))))
    .orderBy(desc(fraudReports.createdAt))
    .limit(50)
    .prepare("nfd_reports_matching"),
);

/**
 * NFD, built in: the platform's own confirmed-fraud reports, matched by email key or identity
 * key across every team of the same mode. The reason says when, never which team.
 */
export const nfdProvider: EnrichmentProvider = {
  enrichment: "NFD",
  name: "built-in",
  async run({ db, tenant, subject, networkKey }) {
    const { request } = subject;
    const byEmail = emailKey(networkKey, request.email);
    const byIdentity = identityKey(networkKey, { firstName: request.first_name, lastName: request.last_name, dateOfBirth: request.date_of_birth });
    const rows = await reportsMatching(db).execute({ mode: tenant.mode, emailKey: byEmail, identityKey: byIdentity });
    if (rows.length === 0) {
      return { state: "PASS", checks: { NFD_MATCH: { state: "PASS", reason: "No confirmed-fraud report matches the email, or the name and date of birth" } } };
    }
    const matchedBy = [rows.some((r) => r.emailKey === byEmail) && "email", rows.some((r) => byIdentity && r.identityKey === byIdentity) && "name and date of birth"].filter(Boolean).join(" and ");
    const more = rows.length > 1 ? `; ${rows.length} reports in all` : "";
    const reason = `Reported as confirmed fraud by a team on ${rows[0]!.createdAt.toISOString().slice(0, 10)} (matched by ${matchedBy}${more})`;
    return { state: "FAIL", checks: { NFD_MATCH: { state: "FAIL", reason } }, fraudSignals: ["CONFIRMED_FRAUD_REPORT"] };
  },
};

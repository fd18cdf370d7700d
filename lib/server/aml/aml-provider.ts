import type { EnrichmentContext, EnrichmentProvider, EnrichmentResult } from "../risk/live/providers";
import { enrolMonitoredAccount, enrolMonitoredAccountIn, type EnrolMonitoredAccountOptions } from "./enrol-monitored-account";
import { screenPerson } from "./screen-person";
import type { AmlMatch } from "./screening-index";

function failReason(matches: AmlMatch[], threshold: number): string {
  const best = matches[0]!;
  const lists = best.datasets.map((d) => d.title).join(", ");
  const kind = best.risk_type === "pep" ? "politically exposed person" : "sanctions";
  const more = matches.length > 1 ? `; ${matches.length - 1} more match${matches.length > 2 ? "es" : ""}` : "";
  return `Possible ${kind} match: ${best.caption}${lists ? ` (${lists})` : ""}, score ${best.score} (threshold ${threshold})${more}`;
}

/**
 * The built-in AML enrichment: screens the person against the imported sanctions and PEP lists at
 * the request's AML threshold, and enrols them in ongoing monitoring (a later list import that
 * lists them raises an alert). FAIL names the best match; PASS says nothing reached the
 * threshold; INCONCLUSIVE when no list has been imported yet.
 */
export const builtInAmlProvider: EnrichmentProvider = {
  enrichment: "AML",
  name: "built-in",
  async run(context: EnrichmentContext): Promise<EnrichmentResult> {
    const { db, tenant, subject, now } = context;
    const { request } = subject;
    const threshold = subject.thresholds.aml;
    const screening = await screenPerson(
      db,
      {
        firstName: request.first_name,
        lastName: request.last_name,
        dateOfBirth: request.date_of_birth,
        country: request.address?.country_code,
      },
      { threshold, now },
    );
    const monitored = context.monitor !== false;
    let monitoredAccountId: string | undefined;
    if (monitored) {
      const enrolment: EnrolMonitoredAccountOptions = {
        tenant,
        person: { firstName: request.first_name, lastName: request.last_name, email: request.email, dateOfBirth: request.date_of_birth },
        assessmentId: context.assessmentId,
        matches: screening.matches,
        now,
      };
      if (context.deferWrite) {
        // The risk endpoint: enrolled in the assessment's transaction (its id is not needed here).
        context.deferWrite(async (tx) => ({
          queuedWebhook: Boolean((await enrolMonitoredAccountIn(tx, enrolment)).alert?.webhookMessageId),
        }));
      } else {
        monitoredAccountId = (await enrolMonitoredAccount(db, enrolment)).accountId;
      }
    }
    if (screening.listVersionIds.length === 0) {
      const reason = monitored
        ? "No sanctions or PEP list has been imported yet; the person is monitored and will be screened when one is"
        : "No sanctions or PEP list has been imported yet";
      return { state: "INCONCLUSIVE", checks: { AML_SANCTIONS_CHECK: { state: "INCONCLUSIVE", reason } }, monitoredAccountId };
    }
    if (screening.matches.length > 0) {
      const reason = failReason(screening.matches, threshold);
      const kinds = new Set(screening.matches.map((m) => m.risk_type));
      const fraudSignals = [...(kinds.has("sanction") ? ["SANCTIONS_LIST_MATCH"] : []), ...(kinds.has("pep") ? ["PEP_LIST_MATCH"] : [])];
      return { state: "FAIL", checks: { AML_SANCTIONS_CHECK: { state: "FAIL", reason } }, fraudSignals, monitoredAccountId };
    }
    const reason = `No sanctions or PEP match scoring ${threshold} or more`;
    return {
      state: "PASS",
      checks: { AML_SANCTIONS_CHECK: { state: "PASS", reason } },
      trustSignals: ["NO_SANCTIONS_MATCH"],
      monitoredAccountId,
    };
  },
};

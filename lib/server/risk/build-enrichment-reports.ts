import { RISK_ENRICHMENT_CHECKS, type RiskEnrichment, type RiskEnrichmentReports, type RiskState } from "@/lib/contract";

export type EnrichmentCheckName = (typeof RISK_ENRICHMENT_CHECKS)[RiskEnrichment][number];

export interface EnrichmentOutcome {
  enrichment: RiskEnrichment;
  state: RiskState;
}

/** `CREDIT_BUREAU` is reported under `credit_bureau` (wire-details: risk). */
export function enrichmentReportKey(enrichment: RiskEnrichment): keyof RiskEnrichmentReports {
  return enrichment.toLowerCase() as keyof RiskEnrichmentReports;
}

/**
 * Reports for the given enrichments only (spec 4.9 rule 1), each check sharing its enrichment's
 * state; `reasonFor` explains a check's state where there is something to say.
 */
export function buildEnrichmentReports(
  outcomes: readonly EnrichmentOutcome[],
  reasonFor: (check: EnrichmentCheckName, state: RiskState) => string | undefined = () => undefined,
): RiskEnrichmentReports {
  const reports: Record<string, unknown> = {};
  for (const { enrichment, state } of outcomes) {
    const checks: Record<string, unknown> = {};
    for (const check of RISK_ENRICHMENT_CHECKS[enrichment]) {
      const reason = reasonFor(check, state);
      checks[check] = reason === undefined ? { state } : { state, reason };
    }
    reports[enrichmentReportKey(enrichment)] = { state, checks };
  }
  // Each report carries exactly its enrichment's check names, as the contract's schema says.
  return reports as RiskEnrichmentReports;
}

import type { RadarReport, RiskEnrichment, RiskRecommendation } from "@/lib/contract";
import { buildEnrichmentReports, type EnrichmentCheckName, type EnrichmentOutcome } from "../risk/build-enrichment-reports";
import type { RiskEngine, RiskFindings, RiskSubject } from "../risk/risk-types";
import { ok } from "../shared/result";

// Sandbox risk answers (spec 4.9, wire-details: risk): stable, no real data, no billing.

/** The dashboard's three fixed sandbox people, one per outcome (wire-details). */
const FIXED_EMAILS: Readonly<Record<string, RiskRecommendation>> = {
  "dwebb@email.com": "CLEAR",
  "jdoe@email.com": "REVIEW",
  "eroberts@email.com": "REJECT",
};

/** spec 4.9: `+reject` beats `+review`; then the fixed addresses; anything else is CLEAR. Case is ignored. */
export function sandboxRecommendation(email: string): RiskRecommendation {
  const normalised = email.trim().toLowerCase();
  if (normalised.includes("+reject")) return "REJECT";
  if (normalised.includes("+review")) return "REVIEW";
  return FIXED_EMAILS[normalised] ?? "CLEAR";
}

/** spec 4.9 rule 2: CLEAR → all pass; REVIEW → only the last requested fails; REJECT → all fail. */
export function sandboxEnrichmentOutcomes(enrichments: readonly RiskEnrichment[], recommendation: RiskRecommendation): EnrichmentOutcome[] {
  return enrichments.map((enrichment, i) => {
    const fails = recommendation === "REJECT" || (recommendation === "REVIEW" && i === enrichments.length - 1);
    return { enrichment, state: fails ? "FAIL" : "PASS" };
  });
}

/** Scores sit inside the wire-details bands: CLEAR 60–100, REVIEW 34–59, REJECT 0–33. */
const CANNED: Record<RiskRecommendation, Pick<RiskFindings, "risk_score" | "trust_signals" | "fraud_signals">> = {
  CLEAR: { risk_score: 92, trust_signals: ["ESTABLISHED_EMAIL", "NO_KNOWN_FRAUD_MATCH", "NORMAL_EMAIL_VELOCITY"], fraud_signals: [] },
  REVIEW: { risk_score: 45, trust_signals: ["NO_KNOWN_FRAUD_MATCH"], fraud_signals: ["LOW_EMAIL_SCORE"] },
  REJECT: { risk_score: 12, trust_signals: [], fraud_signals: ["LOW_CROSS_TEAM_EMAIL_VELOCITY", "LOW_EMAIL_SCORE"] },
};

function failureReason(check: EnrichmentCheckName, thresholds: RiskSubject["thresholds"]): string {
  switch (check) {
    case "IDENTITY_MATCH":
      return "Sandbox: no credit file matches the name and date of birth";
    case "RESIDENCY_MATCH":
      return "Sandbox: the address is not linked to the person in the credit file";
    case "EMAIL_SCORE":
      return `Sandbox: the email scores below the threshold of ${thresholds.online_footprint}`;
    case "PHONE_SCORE":
      return `Sandbox: the phone number scores below the threshold of ${thresholds.online_footprint}`;
    case "AML_SANCTIONS_CHECK":
      return `Sandbox: a sanctions, watchlist or PEP entry matches at or above the threshold of ${thresholds.aml}`;
    case "NFD_MATCH":
      return "Sandbox: the identity matches a national fraud database record";
  }
}

/** spec 4.9 rule 4: a mock report whose state and every check are PASS. */
const MOCK_RADAR: RadarReport = {
  state: "PASS",
  checks: (
    ["known_blocklist_match", "email_linked_to_multiple_identities", "email_velocity", "face_linked_to_multiple_identities"] as const
  ).map((name) => ({ name, state: "PASS" as const })),
};

export const sandboxRiskEngine: RiskEngine = {
  async assess({ request, thresholds }) {
    const recommendation = sandboxRecommendation(request.email);
    const outcomes = sandboxEnrichmentOutcomes(request.enrichments ?? [], recommendation);
    const canned = CANNED[recommendation];
    // Fresh arrays and objects (the findings are the caller's to keep), without object spreads (issue 14).
    return ok({
      risk_score: canned.risk_score,
      trust_signals: canned.trust_signals.slice(),
      fraud_signals: canned.fraud_signals.slice(),
      recommendation,
      enrichment_reports: buildEnrichmentReports(outcomes, (check, state) =>
        state === "FAIL" ? failureReason(check, thresholds) : undefined,
      ),
      radar_verification_report: {
        state: MOCK_RADAR.state,
        checks: MOCK_RADAR.checks.map((check) => ({ name: check.name, state: check.state })),
      },
      billable: false,
    });
  },
};

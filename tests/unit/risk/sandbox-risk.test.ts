import { describe, expect, it } from "vitest";
import { riskEnrichmentReportsSchema, type RiskEnrichment } from "@/lib/contract";
import { buildEnrichmentReports } from "@/lib/server/risk/build-enrichment-reports";
import type { RiskSubject } from "@/lib/server/risk/risk-engine";
import { sandboxEnrichmentOutcomes, sandboxRecommendation, sandboxRiskEngine } from "@/lib/server/sandbox/risk";

describe("the sandbox email rule (spec 4.9, wire-details)", () => {
  it.each([
    ["dwebb@email.com", "CLEAR"],
    ["jdoe@email.com", "REVIEW"],
    ["eroberts@email.com", "REJECT"],
    [" JDOE@EMAIL.COM ", "REVIEW"],
    ["Eroberts@Email.Com", "REJECT"],
    ["a+reject@example.com", "REJECT"],
    ["a+REJECT@example.com", "REJECT"],
    ["a+review@example.com", "REVIEW"],
    ["a+review+reject@example.com", "REJECT"],
    ["jdoe+reject@email.com", "REJECT"],
    ["dwebb+review@email.com", "REVIEW"],
    ["a@example.com", "CLEAR"],
    ["reject@example.com", "CLEAR"], // the rule is the text "+reject"
    ["review@example.com", "CLEAR"], // and "+review"
    ["a+review.x@example.com", "REVIEW"], // contained anywhere, not only before the @
    ["a+rejected.b@example.com", "REJECT"],
    ["jdoe@email.co", "CLEAR"],
  ] as const)("%s → %s", (email, recommendation) => {
    expect(sandboxRecommendation(email)).toBe(recommendation);
  });
});

describe("the sandbox enrichment rule (spec 4.9 rule 2)", () => {
  const all: RiskEnrichment[] = ["NFD", "CREDIT_BUREAU", "AML", "ONLINE_FOOTPRINT"];
  const states = (list: RiskEnrichment[], recommendation: "CLEAR" | "REVIEW" | "REJECT") =>
    sandboxEnrichmentOutcomes(list, recommendation).map((o) => `${o.enrichment}:${o.state}`);

  it("CLEAR: all pass", () => {
    expect(states(all, "CLEAR")).toEqual(["NFD:PASS", "CREDIT_BUREAU:PASS", "AML:PASS", "ONLINE_FOOTPRINT:PASS"]);
  });
  it("REVIEW: only the last requested fails, whatever the order", () => {
    expect(states(all, "REVIEW")).toEqual(["NFD:PASS", "CREDIT_BUREAU:PASS", "AML:PASS", "ONLINE_FOOTPRINT:FAIL"]);
    expect(states(["AML", "NFD"], "REVIEW")).toEqual(["AML:PASS", "NFD:FAIL"]);
    expect(states(["NFD", "AML"], "REVIEW")).toEqual(["NFD:PASS", "AML:FAIL"]);
    expect(states(["AML"], "REVIEW")).toEqual(["AML:FAIL"]);
  });
  it("REJECT: all fail", () => {
    expect(states(all, "REJECT")).toEqual(["NFD:FAIL", "CREDIT_BUREAU:FAIL", "AML:FAIL", "ONLINE_FOOTPRINT:FAIL"]);
  });
  it("no enrichments, no outcomes", () => {
    for (const r of ["CLEAR", "REVIEW", "REJECT"] as const) expect(states([], r)).toEqual([]);
  });
});

describe("enrichment reports", () => {
  it("key each requested enrichment in lower case with its own checks, and match the contract", () => {
    const reports = buildEnrichmentReports(
      [
        { enrichment: "CREDIT_BUREAU", state: "PASS" },
        { enrichment: "NFD", state: "FAIL" },
      ],
      (check, state) => (state === "FAIL" ? `why ${check}` : undefined),
    );
    expect(reports).toEqual({
      credit_bureau: { state: "PASS", checks: { IDENTITY_MATCH: { state: "PASS" }, RESIDENCY_MATCH: { state: "PASS" } } },
      nfd: { state: "FAIL", checks: { NFD_MATCH: { state: "FAIL", reason: "why NFD_MATCH" } } },
    });
    expect(riskEnrichmentReportsSchema.strict().parse(reports)).toEqual(reports);
  });
});

describe("the sandbox engine", () => {
  const subject = (email: string, enrichments: RiskEnrichment[]): RiskSubject => ({
    request: { first_name: "A", last_name: "B", email, date_of_birth: "1990-01-01", enrichments },
    thresholds: { aml: 90, online_footprint: 40 },
    faceScan: null,
    report: "headline",
  });

  it.each([
    ["a@example.com", "CLEAR", 92],
    ["a+review@example.com", "REVIEW", 45],
    ["a+reject@example.com", "REJECT", 12],
  ] as const)("%s: %s with a stable score of %i, never billable", async (email, recommendation, score) => {
    const result = await sandboxRiskEngine.assess(subject(email, []));
    expect(result.ok && result.value).toMatchObject({ recommendation, risk_score: score, billable: false });
  });

  it("explains failures with the thresholds in force", async () => {
    const result = await sandboxRiskEngine.assess(subject("a+reject@example.com", ["AML", "ONLINE_FOOTPRINT"]));
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value.enrichment_reports.aml!.checks.AML_SANCTIONS_CHECK.reason).toContain("90");
    expect(result.value.enrichment_reports.online_footprint!.checks.EMAIL_SCORE.reason).toContain("40");
  });

  it("returns the mock radar report: PASS everywhere (spec 4.9 rule 4)", async () => {
    const result = await sandboxRiskEngine.assess(subject("a+reject@example.com", []));
    if (!result.ok) throw new Error(result.error.message);
    const radar = result.value.radar_verification_report;
    expect(radar.state).toBe("PASS");
    expect(radar.checks.map((c) => c.name)).toEqual([
      "known_blocklist_match",
      "email_linked_to_multiple_identities",
      "email_velocity",
      "face_linked_to_multiple_identities",
    ]);
    expect(radar.checks.every((c) => c.state === "PASS")).toBe(true);
  });
});

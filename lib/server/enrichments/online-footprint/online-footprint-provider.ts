import type { RiskState } from "@/lib/contract";
import type { EnrichmentCheckResult, EnrichmentProvider, EnrichmentResult } from "../../risk/live/providers";
import { combineStates } from "../combine-states";
import { scoreEmail, type ScoreDeduction } from "./score-email";
import { scorePhone } from "./score-phone";

/** A score at or above this (and passing) also counts as a trust signal. */
const HIGH_SCORE = 80;

function explain(what: string, score: number, threshold: number, deductions: ScoreDeduction[]): string {
  const head =
    score >= threshold
      ? `${what} score ${score} of 100 (threshold ${threshold})`
      : `${what} score ${score} of 100, below the threshold of ${threshold}`;
  if (deductions.length === 0) return `${head}: nothing lowered it`;
  return `${head}: ${deductions.map((d) => `${d.reason} (−${Math.min(d.points, 100)})`).join("; ")}`;
}

/**
 * Online footprint, built in: EMAIL_SCORE from the address itself, PHONE_SCORE from the number
 * (NOT_PERFORMED without one). Each check passes at or above `thresholds.online_footprint`.
 * `score` is the mean of the checks that ran.
 */
export const onlineFootprintProvider: EnrichmentProvider = {
  enrichment: "ONLINE_FOOTPRINT",
  name: "built-in",
  async run({ subject }): Promise<EnrichmentResult> {
    const { request } = subject;
    const threshold = subject.thresholds.online_footprint;
    const trustSignals: string[] = [];
    const fraudSignals: string[] = [];
    const stateOf = (score: number): RiskState => (score >= threshold ? "PASS" : "FAIL");

    const email = scoreEmail(request.email, {
      firstName: request.first_name,
      lastName: request.last_name,
      dateOfBirth: request.date_of_birth,
    });
    const emailCheck: EnrichmentCheckResult = {
      state: stateOf(email.score),
      reason: explain("Email", email.score, threshold, email.deductions),
    };
    if (emailCheck.state === "FAIL") fraudSignals.push("LOW_EMAIL_SCORE");
    else if (email.score >= HIGH_SCORE) trustSignals.push("HIGH_EMAIL_SCORE");
    if (email.disposable) fraudSignals.push("DISPOSABLE_EMAIL");

    const scores = [email.score];
    let phoneCheck: EnrichmentCheckResult = { state: "NOT_PERFORMED", reason: "No phone number was given" };
    if (request.phone) {
      const phone = scorePhone(request.phone, request.address?.country_code);
      phoneCheck = { state: stateOf(phone.score), reason: explain("Phone", phone.score, threshold, phone.deductions) };
      if (phoneCheck.state === "FAIL") fraudSignals.push("LOW_PHONE_SCORE");
      else if (phone.score >= HIGH_SCORE) trustSignals.push("HIGH_PHONE_SCORE");
      scores.push(phone.score);
    }

    return {
      state: combineStates([emailCheck.state, phoneCheck.state]),
      checks: { EMAIL_SCORE: emailCheck, PHONE_SCORE: phoneCheck },
      score: Math.round(scores.reduce((a, b) => a + b, 0) / scores.length),
      trustSignals,
      fraudSignals,
    };
  },
};

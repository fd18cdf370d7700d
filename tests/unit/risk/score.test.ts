import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { score } from "@/lib/server/risk/live/score";
import { DEFAULT_SCORING_MODEL, loadScoringModel } from "@/lib/server/risk/live/scoring-model";

const pass = (name: Parameters<typeof score>[1][number]["name"]) => ({ name, state: "PASS", reason: "fine" });
const failed = (name: Parameters<typeof score>[1][number]["name"], state = "FAIL") => ({ name, state, reason: "found something" });

describe("live scoring model", () => {
  it("starts at 100 and nothing passing takes points off", () => {
    const result = score(DEFAULT_SCORING_MODEL, [
      pass("known_blocklist_match"),
      pass("email_velocity"),
      { name: "face_linked_to_multiple_identities", state: "NOT_PERFORMED", reason: "no face" },
    ]);
    expect(result).toMatchObject({ riskScore: 100, recommendation: "CLEAR" });
    expect(result.factors.map((f) => f.points)).toEqual([0, 0, 0]);
  });

  it("each failing factor takes its points and says why", () => {
    const result = score(DEFAULT_SCORING_MODEL, [failed("email_velocity"), failed("email_linked_to_multiple_identities")]);
    expect(result.riskScore).toBe(100 - 30 - 25);
    expect(result.recommendation).toBe("REVIEW");
    expect(result.factors).toEqual([
      { name: "email_velocity", state: "FAIL", points: 30, reason: "found something" },
      { name: "email_linked_to_multiple_identities", state: "FAIL", points: 25, reason: "found something" },
    ]);
  });

  it("PARTIAL and INCONCLUSIVE weigh less than FAIL", () => {
    expect(score(DEFAULT_SCORING_MODEL, [failed("credit_bureau", "PARTIAL")]).riskScore).toBe(88);
    expect(score(DEFAULT_SCORING_MODEL, [failed("credit_bureau", "INCONCLUSIVE")]).riskScore).toBe(95);
  });

  it("caps: a blocklist hit is REJECT, an AML hit at most REVIEW, whatever else passed", () => {
    expect(score(DEFAULT_SCORING_MODEL, [failed("known_blocklist_match")])).toMatchObject({ riskScore: 20, recommendation: "REJECT" });
    expect(score(DEFAULT_SCORING_MODEL, [failed("aml")])).toMatchObject({ riskScore: 50, recommendation: "REVIEW" });
    expect(score(DEFAULT_SCORING_MODEL, [failed("nfd")])).toMatchObject({ riskScore: 25, recommendation: "REJECT" });
  });

  it("never goes below 0, bands are the wire's (CLEAR ≥ 60, REVIEW ≥ 34)", () => {
    const all = ["known_blocklist_match", "nfd", "aml", "email_velocity"] as const;
    expect(
      score(
        DEFAULT_SCORING_MODEL,
        all.map((n) => failed(n)),
      ).riskScore,
    ).toBe(0);
    expect(score(DEFAULT_SCORING_MODEL, [failed("online_footprint"), failed("credit_bureau", "PARTIAL")])).toMatchObject({
      riskScore: 63,
      recommendation: "CLEAR",
    });
    expect(
      score(DEFAULT_SCORING_MODEL, [failed("credit_bureau"), failed("online_footprint"), failed("credit_bureau", "PARTIAL")]),
    ).toMatchObject({ riskScore: 33, recommendation: "REJECT" });
  });

  it("a model file replaces parts of the default, and a bad one is refused with the field named", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "model-"));
    const good = path.join(dir, "good.json");
    fs.writeFileSync(good, JSON.stringify({ factors: { email_velocity: { FAIL: 50 } }, bands: { CLEAR: 70 } }));
    const model = loadScoringModel(good);
    expect(model.factors.email_velocity).toEqual({ FAIL: 50, PARTIAL: 0, INCONCLUSIVE: 0, cap: 100 });
    expect(model.factors.aml).toEqual(DEFAULT_SCORING_MODEL.factors.aml);
    expect(score(model, [failed("email_velocity")])).toMatchObject({ riskScore: 50, recommendation: "REVIEW" });

    const bad = path.join(dir, "bad.json");
    fs.writeFileSync(bad, JSON.stringify({ factors: { email_velocity: { FAIL: 500 } } }));
    expect(() => loadScoringModel(bad)).toThrow(/factors\.email_velocity\.FAIL/);
  });
});

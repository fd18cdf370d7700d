import fs from "node:fs";
import { z } from "zod";

/*
 * The live engine's scoring model, in one place so a reviewer can read why a score is what it is.
 * The score starts at 100 (lowest risk: wire-details) and each factor that did not pass takes off
 * its points for its state; a factor may also cap the score (a blocklist hit can never be CLEAR).
 * Bands map the score to the recommendation. A JSON file (RISK_SCORING_MODEL_FILE) with the same
 * shape replaces any part of it.
 */

export const FACTORS = [
  "known_blocklist_match",
  "email_linked_to_multiple_identities",
  "email_velocity",
  "face_linked_to_multiple_identities",
  "credit_bureau",
  "online_footprint",
  "aml",
  "nfd",
] as const;
export type Factor = (typeof FACTORS)[number];

const points = z.number().int().min(0).max(100);
const factorSchema = z
  .object({
    FAIL: points,
    PARTIAL: points.default(0),
    INCONCLUSIVE: points.default(0),
    /** Highest score possible when the factor FAILs (100 = no cap). */
    cap: points.default(100),
  })
  .strict();

export const scoringModelSchema = z
  .object({
    factors: z.object(Object.fromEntries(FACTORS.map((f) => [f, factorSchema])) as Record<Factor, typeof factorSchema>).strict(),
    /** Lowest score of each band (wire-details: CLEAR 60–100, REVIEW 34–59, REJECT 0–33). */
    bands: z.object({ CLEAR: points, REVIEW: points }).strict(),
  })
  .strict()
  .refine((m) => m.bands.CLEAR > m.bands.REVIEW, { message: "bands.CLEAR must be above bands.REVIEW" });
export type ScoringModel = z.output<typeof scoringModelSchema>;

export const DEFAULT_SCORING_MODEL: ScoringModel = {
  factors: {
    // A known fraudster or a confirmed fraud report: REJECT whatever else is true.
    known_blocklist_match: { FAIL: 80, PARTIAL: 0, INCONCLUSIVE: 0, cap: 20 },
    nfd: { FAIL: 70, PARTIAL: 0, INCONCLUSIVE: 0, cap: 25 },
    // A sanctions or PEP hit always goes to a person: at most REVIEW.
    aml: { FAIL: 45, PARTIAL: 20, INCONCLUSIVE: 10, cap: 50 },
    face_linked_to_multiple_identities: { FAIL: 40, PARTIAL: 0, INCONCLUSIVE: 0, cap: 55 },
    email_velocity: { FAIL: 30, PARTIAL: 0, INCONCLUSIVE: 0, cap: 100 },
    email_linked_to_multiple_identities: { FAIL: 25, PARTIAL: 0, INCONCLUSIVE: 0, cap: 100 },
    credit_bureau: { FAIL: 30, PARTIAL: 12, INCONCLUSIVE: 5, cap: 100 },
    online_footprint: { FAIL: 25, PARTIAL: 10, INCONCLUSIVE: 5, cap: 100 },
  },
  bands: { CLEAR: 60, REVIEW: 34 },
};

const MODEL = Symbol.for("idv.riskScoringModel");

/** The model in force: the default, or the configured file merged over it (read once). */
export function loadScoringModel(file: string | null): ScoringModel {
  const holder = globalThis as { [MODEL]?: { file: string | null; model: ScoringModel } };
  if (holder[MODEL]?.file === file) return holder[MODEL].model;
  let model = DEFAULT_SCORING_MODEL;
  if (file) {
    const raw = JSON.parse(fs.readFileSync(file, "utf8")) as { factors?: Record<string, object>; bands?: object };
    const merged = {
      factors: Object.fromEntries(FACTORS.map((f) => [f, { ...DEFAULT_SCORING_MODEL.factors[f], ...raw.factors?.[f] }])),
      bands: { ...DEFAULT_SCORING_MODEL.bands, ...raw.bands },
    };
    const parsed = scoringModelSchema.safeParse(merged);
    if (!parsed.success)
      throw new Error(`RISK_SCORING_MODEL_FILE ${file}: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
    model = parsed.data;
  }
  holder[MODEL] = { file, model };
  return model;
}

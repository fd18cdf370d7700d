import { describe, expect, it } from "vitest";
import {
  createChallenge,
  SELFIE_FRAME_INTERVAL_MS,
  SELFIE_LEAD_IN_MS,
  SELFIE_MAX_FRAMES,
  SELFIE_STEP_MS,
} from "@/lib/server/liveness/challenge";

describe("createChallenge", () => {
  it("gives three different steps with a head turn and a blink or smile, in varying order", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 300; i++) {
      const c = createChallenge();
      expect(c).toHaveLength(3);
      expect(new Set(c).size).toBe(3);
      expect(c.some((s) => s === "turn_left" || s === "turn_right")).toBe(true);
      expect(c.some((s) => s === "blink" || s === "smile")).toBe(true);
      seen.add(c.join(","));
    }
    // 4 steps choose 3 (all 4 combinations qualify) × 6 orders = 24 sequences.
    expect(seen.size).toBe(24);
  });

  it("leaves room for every frame of a capture", () => {
    expect(SELFIE_MAX_FRAMES).toBeGreaterThanOrEqual((SELFIE_LEAD_IN_MS + 3 * SELFIE_STEP_MS) / SELFIE_FRAME_INTERVAL_MS);
  });
});

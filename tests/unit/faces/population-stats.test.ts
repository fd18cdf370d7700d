import { describe, expect, it } from "vitest";
import { tarAtFmr, upperBound95 } from "@/tests/bench/faces-shared";

/*
 * The figures the face benches report the bands by (bench:faces:real): the one-sided 95 % upper
 * bound on a false-match rate, and TAR at a false-match rate as NIST FRVT reports it.
 */
describe("upperBound95", () => {
  it("bounds 0 events in n trials at 1 − 0.05^(1/n), about 3/n (the rule of three)", () => {
    // 0 in 3,427: 1 − e^(ln 0.05 / 3427) = 1 − e^(−2.995732 / 3427) = 8.738e-4.
    expect(upperBound95(0, 3427)).toBeCloseTo(8.738e-4, 6);
    // 0 in 100: 1 − 0.05^0.01 = 0.029513.
    expect(upperBound95(0, 100)).toBeCloseTo(0.029513, 5);
    expect(upperBound95(0, 3000)).toBeLessThanOrEqual(1e-3);
  });

  it("bounds 1 event in 10 where P(X ≤ 1) = 0.05: (1 − p)^10 + 10·p·(1 − p)^9 = 0.05 at p = 0.3942", () => {
    const p = upperBound95(1, 10);
    expect((1 - p) ** 10 + 10 * p * (1 - p) ** 9).toBeCloseTo(0.05, 6);
    expect(p).toBeCloseTo(0.3942, 3);
  });

  it("is 1 when every trial was an event, or there were none", () => {
    expect(upperBound95(5, 5)).toBe(1);
    expect(upperBound95(0, 0)).toBe(1);
  });
});

describe("tarAtFmr", () => {
  // 200 impostor scores 0.001 … 0.200 and 10 genuine ones.
  const impostor = Array.from({ length: 200 }, (_, i) => (i + 1) / 1000);
  const genuine = [0.05, 0.15, 0.195, 0.197, 0.199, 0.3, 0.4, 0.5, 0.6, 0.7];

  it("lets through at most fmr · n impostors: at 1e-2 of 200, two (0.200 and 0.199), so the threshold is 0.198", () => {
    const at = tarAtFmr(genuine, impostor, 1e-2)!;
    expect(at.threshold).toBeCloseTo(0.198, 12);
    // Genuine scores strictly above 0.198: 0.199, 0.3, 0.4, 0.5, 0.6, 0.7.
    expect(at.accepted).toBe(6);
  });

  it("cannot measure a rate finer than 1 / n", () => {
    expect(tarAtFmr(genuine, impostor, 1e-3)).toBeNull();
  });
});

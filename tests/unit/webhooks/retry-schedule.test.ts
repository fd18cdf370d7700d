import { describe, expect, it } from "vitest";
import { MAX_RETRY_AFTER_SECONDS, nextRetryDelay, parseRetryAfter } from "@/lib/server/webhooks/retry-schedule";

const SCHEDULE = [0, 5, 300, 1800, 7200, 18000, 36000, 36000];

describe("retry schedule", () => {
  it("follows the schedule, with at most ±20 % jitter, and stops after the last try", () => {
    for (let tries = 1; tries < SCHEDULE.length; tries++) {
      const base = SCHEDULE[tries]!;
      expect(nextRetryDelay({ tries, scheduleSeconds: SCHEDULE, random: () => 0 })).toBeCloseTo(base * 0.8, 3);
      expect(nextRetryDelay({ tries, scheduleSeconds: SCHEDULE, random: () => 0.5 })).toBeCloseTo(base, 3);
      expect(nextRetryDelay({ tries, scheduleSeconds: SCHEDULE, random: () => 1 - 1e-12 })).toBeCloseTo(base * 1.2, 2);
    }
    expect(nextRetryDelay({ tries: SCHEDULE.length, scheduleSeconds: SCHEDULE })).toBeNull();
  });

  it("waits for Retry-After when it asks for longer, never for less", () => {
    expect(nextRetryDelay({ tries: 1, scheduleSeconds: SCHEDULE, retryAfterSeconds: 60, random: () => 0.5 })).toBe(60);
    expect(nextRetryDelay({ tries: 2, scheduleSeconds: SCHEDULE, retryAfterSeconds: 60, random: () => 0.5 })).toBe(300);
    expect(nextRetryDelay({ tries: SCHEDULE.length, scheduleSeconds: SCHEDULE, retryAfterSeconds: 60 })).toBeNull();
  });

  it("reads Retry-After as seconds or an HTTP date, capped at a day", () => {
    const now = new Date("2026-11-21T10:00:00Z");
    expect(parseRetryAfter("120", now)).toBe(120);
    expect(parseRetryAfter(" 7 ", now)).toBe(7);
    expect(parseRetryAfter("Sat, 21 Nov 2026 10:01:30 GMT", now)).toBe(90);
    expect(parseRetryAfter("Sat, 21 Nov 2026 09:00:00 GMT", now)).toBe(0);
    expect(parseRetryAfter("99999999", now)).toBe(MAX_RETRY_AFTER_SECONDS);
    expect(parseRetryAfter("soon", now)).toBeNull();
    expect(parseRetryAfter("-5", now)).toBeNull();
    expect(parseRetryAfter(null, now)).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import { safeEqual, signAdminSession, verifyAdminSession } from "@/lib/onboarding/admin-session";
import { createRateLimiter } from "@/lib/onboarding/rate-limit";
import { applicantStateFor, isSettled, verificationOutcome } from "@/lib/onboarding/states";
import { decide } from "@/lib/onboarding/submit-signup";

describe("staff session cookie", () => {
  const secret = "s".repeat(40);
  it("verifies its own signature until it expires", () => {
    const now = Date.now();
    const { value } = signAdminSession(secret, now);
    expect(verifyAdminSession(secret, value, now + 1000)).toBe(true);
    expect(verifyAdminSession(secret, value, now + 9 * 3600 * 1000)).toBe(false);
    expect(verifyAdminSession("t".repeat(40), value, now)).toBe(false);
    const [v, exp, mac] = value.split(".");
    expect(verifyAdminSession(secret, `${v}.${Number(exp) + 99999}.${mac}`, now)).toBe(false);
    expect(verifyAdminSession(secret, undefined)).toBe(false);
    expect(verifyAdminSession(secret, "garbage")).toBe(false);
  });
  it("compares passwords of any length", () => {
    expect(safeEqual("abc", "abc")).toBe(true);
    expect(safeEqual("abc", "abcd")).toBe(false);
  });
});

describe("rate limiter", () => {
  it("lets `limit` requests through per window and says how long to wait", () => {
    const limiter = createRateLimiter({ limit: 2, windowMs: 10_000 });
    expect(limiter.take("a", 0)).toBe(0);
    expect(limiter.take("a", 1)).toBe(0);
    expect(limiter.take("a", 2)).toBe(10);
    expect(limiter.take("b", 2)).toBe(0);
    expect(limiter.take("a", 10_000)).toBe(0);
  });
});

describe("decisions and plain words", () => {
  it("CLEAR opens the account; REVIEW and REJECT follow the policy", () => {
    const policy = { review: "verify", reject: "refuse" } as const;
    expect(decide("CLEAR", policy)).toBe("approve");
    expect(decide("REVIEW", policy)).toBe("verify");
    expect(decide("REJECT", policy)).toBe("refuse");
    expect(decide("REVIEW", { review: "refuse", reject: "verify" })).toBe("refuse");
    expect(decide("REJECT", { review: "refuse", reject: "verify" })).toBe("verify");
  });
  it("maps verification statuses to applicant states and stops polling when settled", () => {
    expect(applicantStateFor("Verified")).toBe("verified");
    expect(applicantStateFor("Refused")).toBe("in_review");
    expect(applicantStateFor("LockedOut")).toBe("locked_out");
    expect(applicantStateFor("InProgress", true)).toBe("expired");
    expect(isSettled("ReadyForReview", false)).toBe(false);
    expect(isSettled("InProgress", true)).toBe(true);
    expect(isSettled("Verified", false)).toBe(true);
    expect(verificationOutcome("Verified", false).title).toBe("You're verified");
    expect(verificationOutcome("InProgress", true).title).toMatch(/expired/);
  });
});

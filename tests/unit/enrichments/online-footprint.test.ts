import { disposableEmailBlocklist } from "disposable-email-domains-js";
import { getCountries, Metadata, parsePhoneNumberFromString } from "libphonenumber-js/max";
import fullMetadata from "libphonenumber-js/metadata.max.json";
import { describe, expect, it } from "vitest";
import type { Db } from "@/lib/db";
import { onlineFootprintProvider } from "@/lib/server/enrichments/online-footprint/online-footprint-provider";
import { isDisposableDomain, scoreEmail } from "@/lib/server/enrichments/online-footprint/score-email";
import { scorePhone } from "@/lib/server/enrichments/online-footprint/score-phone";
import type { EnrichmentContext } from "@/lib/server/risk/live/providers";

const jane = { firstName: "Jane", lastName: "Doe", dateOfBirth: "1990-01-31" };

/** A live context for a provider that needs no database. */
function context(request: Partial<EnrichmentContext["subject"]["request"]>, threshold = 50): EnrichmentContext {
  return {
    db: undefined as unknown as Db,
    tenant: { teamId: "team_test", mode: "live" },
    subject: {
      request: { first_name: "Jane", last_name: "Doe", email: "jane.doe@gmail.com", date_of_birth: "1990-01-31", ...request },
      thresholds: { aml: 96, online_footprint: threshold },
      faceScan: null,
      report: "headline",
    },
    assessmentId: "risk_test",
    faceEmbedding: null,
    networkKey: "test-network-key",
    now: new Date(),
  };
}

describe("email score", () => {
  // Real entries of the maintained list, not names made up for the test.
  const listed = disposableEmailBlocklist();
  const sample = [listed[0]!, listed[Math.floor(listed.length / 2)]!, listed[listed.length - 1]!];

  it("knows the package's disposable domains, and their subdomains", () => {
    expect(listed.length).toBeGreaterThan(1000);
    for (const domain of sample) expect(isDisposableDomain(domain), domain).toBe(true);
    expect(isDisposableDomain(`inbox.${sample[1]}`)).toBe(true);
    expect(isDisposableDomain("gmail.com")).toBe(false);
  });

  it("scores a disposable domain below the default threshold, saying why", () => {
    for (const domain of [...sample, "mailinator.com"]) {
      const result = scoreEmail(`jane.doe@${domain}`, jane);
      expect(result.disposable, domain).toBe(true);
      expect(result.score, domain).toBeLessThan(50);
      expect(result.deductions.map((d) => d.reason).join()).toContain(`disposable email domain (${domain})`);
    }
  });

  it("passes a gmail address made of the person's name, with only the free-provider deduction", () => {
    const result = scoreEmail("jane.doe@gmail.com", jane);
    expect(result.score).toBe(90);
    expect(result.freeProvider).toBe(true);
    expect(result.deductions.map((d) => d.reason)).toEqual(["free email provider (gmail.com)"]);
    expect(scoreEmail("jane.doe+shopping@gmail.com", jane).score).toBe(90);
    // The name and the birth year are the person's, not randomness.
    expect(scoreEmail("jdoe1990@gmail.com", jane).score).toBe(90);
    expect(scoreEmail("jane.doe@acme-widgets.co.uk", jane).score).toBe(100);
  });

  it("scores a random-looking local part lower than a name-like one", () => {
    const named = scoreEmail("jane.doe@gmail.com", jane).score;
    for (const random of ["xk7qz9vw3p@gmail.com", "a8f3k2j9d7@outlook.com", "qwrtzpsdfg@yahoo.com", "jd83749201@gmail.com"]) {
      const result = scoreEmail(random, jane);
      expect(result.score, random).toBeLessThan(named);
      expect(
        result.deductions.some((d) => d.reason.startsWith("the part before @ looks machine-made")),
        random,
      ).toBe(true);
    }
    expect(scoreEmail("xk7qz9vw3p@gmail.com", jane).score).toBeLessThan(50);
  });

  it("lowers a role address and says which", () => {
    const result = scoreEmail("info@acme-widgets.co.uk", jane);
    expect(result.roleAddress).toBe(true);
    expect(result.score).toBe(60);
    expect(result.deductions[0]!.reason).toBe("role address (info@) rather than a person's mailbox");
    expect(scoreEmail("support2@acme-widgets.co.uk", jane).roleAddress).toBe(true);
  });

  it("scores a malformed address 0", () => {
    for (const bad of ["jane@@gmail.com", "jane@localhost", "jane..doe@gmail.com", "@gmail.com"])
      expect(scoreEmail(bad).score, bad).toBe(0);
  });
});

describe("phone score", () => {
  it("gives a valid UK mobile 100 against a UK address", () => {
    expect(scorePhone("+447400123456", "GB")).toMatchObject({ score: 100, valid: true, type: "MOBILE", country: "GB" });
  });

  it("scores numbers outside the numbering plan low", () => {
    // 07700 900xxx is Ofcom's range kept for drama: not a number anyone has.
    expect(scorePhone("+447700900123", "GB")).toMatchObject({ valid: false });
    expect(scorePhone("+447700900123", "GB").score).toBeLessThan(50);
    expect(scorePhone("+4412345", "GB").score).toBeLessThan(scorePhone("+447700900123", "GB").score);
  });

  it("takes points off for other kinds of number and another country", () => {
    const landline = scorePhone("+442079460000", "GB");
    expect(landline.type).toBe("FIXED_LINE");
    expect(landline.score).toBe(85);
    expect(scorePhone("+449012345678", "GB").deductions[0]!.reason).toBe("a premium-rate number, not a mobile");
    const abroad = scorePhone("+12025550143", "GB");
    expect(abroad.deductions.map((d) => d.reason)).toEqual(["from another country (+1, US) than the address (GB)"]);
    // A Guernsey mobile shares the UK's +44: no mismatch.
    expect(scorePhone("+447911123456", "GB").score).toBe(100);
  });
});

describe("phone score: validity from the number's type", () => {
  // scorePhone takes "valid" from getType() (once) instead of isValid(): the same answer only while
  // every numbering plan of the full metadata has number types.
  it("relies on every numbering plan of libphonenumber-js's full metadata having types", () => {
    // The typings leave out what selectNumberingPlan returns and its calling-code argument.
    const metadata = new Metadata() as unknown as { selectNumberingPlan(country?: string, callingCode?: string): { hasTypes(): boolean } };
    const nonGeographic = Object.keys((fullMetadata as { nonGeographic?: Record<string, unknown> }).nonGeographic ?? {});
    expect(getCountries().length).toBeGreaterThan(200);
    expect(nonGeographic.length).toBeGreaterThan(0);
    const withoutTypes = [
      ...getCountries().filter((country) => !metadata.selectNumberingPlan(country).hasTypes()),
      ...nonGeographic.filter((code) => !metadata.selectNumberingPlan(undefined, code).hasTypes()),
    ];
    expect(withoutTypes).toEqual([]);
  });

  it("says valid exactly when libphonenumber-js's isValid() does", () => {
    const numbers = [
      "+447400123456",
      "+447700900123",
      "+442079460000",
      "+449012345678",
      "+12025550143",
      "+12015550123",
      "+33612345678",
      "+33123",
      "+4915123456789",
      "+80012345678",
      "+447911123456",
      "+4412345678901",
    ];
    for (const number of numbers)
      expect(scorePhone(number, "GB").valid, number).toBe(parsePhoneNumberFromString(number)?.isValid() ?? false);
  });
});

describe("online footprint provider", () => {
  it("passes both checks for a name-like gmail and a UK mobile, with trust signals", async () => {
    const result = await onlineFootprintProvider.run(
      context({ phone: "+447400123456", address: { country_code: "GB", postcode: "SW1A 2AA", residence_number: "10", city: "London" } }),
    );
    expect(result.state).toBe("PASS");
    expect(result.checks.EMAIL_SCORE).toEqual({
      state: "PASS",
      reason: "Email score 90 of 100 (threshold 50): free email provider (gmail.com) (−10)",
    });
    expect(result.checks.PHONE_SCORE).toEqual({ state: "PASS", reason: "Phone score 100 of 100 (threshold 50): nothing lowered it" });
    expect(result.score).toBe(95);
    expect(result.trustSignals).toEqual(["HIGH_EMAIL_SCORE", "HIGH_PHONE_SCORE"]);
    expect(result.fraudSignals).toEqual([]);
  });

  it("fails a disposable email with LOW_EMAIL_SCORE, and leaves PHONE_SCORE not performed without a phone", async () => {
    const result = await onlineFootprintProvider.run(context({ email: "e.roberts.9421@mailinator.com" }));
    expect(result.state).toBe("FAIL");
    expect(result.checks.EMAIL_SCORE?.state).toBe("FAIL");
    expect(result.checks.EMAIL_SCORE?.reason).toMatch(
      /^Email score 30 of 100, below the threshold of 50: disposable email domain \(mailinator\.com\) \(−60\)/,
    );
    expect(result.checks.PHONE_SCORE).toEqual({ state: "NOT_PERFORMED", reason: "No phone number was given" });
    expect(result.fraudSignals).toEqual(["LOW_EMAIL_SCORE", "DISPOSABLE_EMAIL"]);
    expect(result.score).toBe(30);
  });

  it("judges against the request's threshold, and reports a mix as PARTIAL", async () => {
    const strict = await onlineFootprintProvider.run(context({ phone: "+447700900123" }, 95));
    expect(strict.checks.EMAIL_SCORE?.state).toBe("FAIL");
    expect(strict.checks.EMAIL_SCORE?.reason).toContain("below the threshold of 95");
    const mixed = await onlineFootprintProvider.run(context({ phone: "+447700900123" }));
    expect(mixed.checks.EMAIL_SCORE?.state).toBe("PASS");
    expect(mixed.checks.PHONE_SCORE?.state).toBe("FAIL");
    expect(mixed.state).toBe("PARTIAL");
    expect(mixed.fraudSignals).toEqual(["LOW_PHONE_SCORE"]);
  });
});

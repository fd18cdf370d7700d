import { beforeAll, describe, expect, it } from "vitest";
import { prepareCorpus, type PreparedCorpus } from "@/lib/server/adverse-media/prepare-corpus";
import { SAMPLE_CORPUS, SAMPLE_PEOPLE } from "@/lib/server/adverse-media/sample-corpus";
import { screenAdverseMedia, type AdverseMediaInput } from "@/lib/server/adverse-media/screen-adverse-media";

// Expected values come from the sample articles' text (lib/server/adverse-media/sample-corpus.ts).
const JAILED = "https://news.example/northgate-herald/2024/03/krakow-born-importer-jailed-vat-fraud";
const CHARGED = "https://news.example/northgate-herald/2023/06/manchester-importer-charged-vat-refunds";
const HEAD_TEACHER = "https://news.example/the-lantern/2024/05/new-head-teacher-st-brigids";
const CHARITY_RUN = "https://news.example/atlantic-evening-mail/2024/04/retired-postman-runs-100-miles";
const ACQUITTED = "https://news.example/harbour-street-journal/2024/02/fund-manager-cleared-insider-trading";
const OFAC = "https://news.example/iberia-daily-wire/2024/01/treasury-sanctions-valencia-shipowner";
const EU_FREEZE = "https://news.example/danube-observer/2024/02/eu-freezes-grain-trader-assets";
const PONZI = "https://news.example/pearl-river-post/2023/10/lending-founder-arrested-ponzi";
const COCAINE = "https://news.example/harbour-street-journal/2023/08/liverpool-man-jailed-cocaine-furniture";
const ROUND_UP = "https://news.example/the-lantern/2024/03/magistrates-round-up";
const AML_CHIEF = "https://news.example/capital-compliance-review/2024/01/harbourline-appoints-aml-chief";
const ROMANCE_SCAM = "https://news.example/atlantic-evening-mail/2024/02/pensioner-romance-scam";
const LIBRARY = "https://news.example/gulf-meridian/2023/09/sharjah-library-opens";

let corpus: PreparedCorpus;
beforeAll(() => {
  corpus = prepareCorpus(SAMPLE_CORPUS);
});

const screen = (input: AdverseMediaInput) => screenAdverseMedia(input, corpus);
const scoreOf = (input: AdverseMediaInput, link: string) => screen(input).all_results.find((a) => a.link === link)?.score;

describe("screenAdverseMedia on the sample corpus", () => {
  it("fails a person convicted of fraud, with that article first among the strong matches", () => {
    const result = screen(SAMPLE_PEOPLE.convicted);
    expect(result.status).toBe("FAIL");
    expect(result.threshold).toBe(70);
    expect(result.all_results.map((a) => a.link)).toEqual([JAILED, CHARGED]);
    expect(result.strong_matches.map((a) => a.link)).toEqual([JAILED, CHARGED]);
    const [jailed] = result.strong_matches;
    expect(jailed).toMatchObject({
      title: "Kraków-born importer jailed for £4.2m VAT fraud",
      source: "The Northgate Herald",
      published_at: "2024-03-15",
    });
    expect(jailed!.score).toBeGreaterThanOrEqual(70);
    expect(jailed!.score).toBeLessThanOrEqual(100);
    expect(Number.isInteger(jailed!.score)).toBe(true);
    expect(jailed!.snippet).toContain("Tomasz Nowak, 47, was convicted of fraud and money laundering");
    expect(jailed!.snippet.length).toBeLessThanOrEqual(300);
  });

  it("passes a person in a neutral story, who is still listed with a low score", () => {
    const result = screen(SAMPLE_PEOPLE.neutral);
    expect(result.status).toBe("PASS");
    expect(result.strong_matches).toEqual([]);
    expect(result.all_results).toHaveLength(1);
    expect(result.all_results[0]).toMatchObject({
      link: CHARITY_RUN,
      title: "Retired postman runs 100 miles for hospice",
      published_at: "2024-04-21",
    });
    expect(result.all_results[0]!.score).toBeLessThan(70);
    expect(result.all_results[0]!.snippet).toContain("David Thornbury, 71, completed a 100-mile charity run");
  });

  it("scores an acquittal below a conviction", () => {
    const acquitted = screen(SAMPLE_PEOPLE.acquitted);
    expect(acquitted.status).toBe("PASS");
    expect(acquitted.all_results.map((a) => a.link)).toEqual([ACQUITTED]);
    expect(acquitted.all_results[0]!.score).toBeLessThan(scoreOf(SAMPLE_PEOPLE.convicted, JAILED)!);
    expect(acquitted.all_results[0]!.score).toBeLessThan(70);
  });

  it("passes someone no article names, with no results", () => {
    expect(screen(SAMPLE_PEOPLE.unknown)).toEqual({ status: "PASS", threshold: 70, strong_matches: [], all_results: [] });
  });

  it("finds a name written with diacritics from a query without them, and shows it as written", () => {
    const result = screen(SAMPLE_PEOPLE.sanctionedAscii);
    expect(result.status).toBe("FAIL");
    expect(result.strong_matches.map((a) => a.link)).toEqual([OFAC]);
    expect(result.strong_matches[0]!.snippet).toContain("has sanctioned José Muñoz, a Valencia-based shipowner");
    expect(screen({ first_name: "José", last_name: "Muñoz" }).strong_matches.map((a) => a.link)).toEqual([OFAC]);
  });

  it("finds another transliteration of a name (Dmitri / Dmitriy)", () => {
    const result = screen({ first_name: "Dmitri", last_name: "Volkov" });
    expect(result.status).toBe("FAIL");
    expect(result.strong_matches.map((a) => a.link)).toEqual([EU_FREEZE]);
    expect(result.strong_matches[0]!.snippet).toContain("Dmitriy Volkov");
  });

  it("respects the threshold: a score between 70 and 95 fails by default and passes at 95", () => {
    const byDefault = screen(SAMPLE_PEOPLE.familyNameFirst);
    expect(byDefault.status).toBe("FAIL");
    expect(byDefault.strong_matches.map((a) => a.link)).toEqual([PONZI]);
    const score = byDefault.strong_matches[0]!.score;
    expect(score).toBeGreaterThanOrEqual(70);
    expect(score).toBeLessThan(95);

    const strict = screen({ ...SAMPLE_PEOPLE.familyNameFirst, threshold: 95 });
    expect(strict).toEqual({ status: "PASS", threshold: 95, strong_matches: [], all_results: byDefault.all_results });
  });

  it("fails at threshold 0 anyone an article names, and at 100 only a certain match", () => {
    expect(screen({ ...SAMPLE_PEOPLE.neutral, threshold: 0 }).status).toBe("FAIL");
    expect(screen({ ...SAMPLE_PEOPLE.unknown, threshold: 0 }).status).toBe("PASS");
    expect(screen({ ...SAMPLE_PEOPLE.neutral, threshold: 100 }).status).toBe("PASS");
  });

  it("does not give one person another's articles because they share a surname", () => {
    const anna = screen(SAMPLE_PEOPLE.sharedSurname);
    expect(anna.status).toBe("PASS");
    expect(anna.all_results.map((a) => a.link)).toEqual([HEAD_TEACHER]);
    expect(screen(SAMPLE_PEOPLE.convicted).all_results.map((a) => a.link)).not.toContain(HEAD_TEACHER);
  });

  it("lowers the score when the article's middle name contradicts the given one", () => {
    const given = scoreOf(SAMPLE_PEOPLE.withMiddleName, COCAINE)!; // "Peter Andrew Collins", as written
    const none = scoreOf({ first_name: "Peter", last_name: "Collins" }, COCAINE)!;
    const other = scoreOf({ first_name: "Peter", middle_names: "James", last_name: "Collins" }, COCAINE)!;
    expect(given).toBeGreaterThanOrEqual(70);
    expect(none).toBeLessThanOrEqual(given);
    expect(other).toBeLessThan(none);
    expect(other).toBeLessThan(70);
  });

  it("matches an initial and a surname with less confidence", () => {
    const result = screen(SAMPLE_PEOPLE.initialOnly);
    expect(result.status).toBe("PASS");
    expect(result.all_results.map((a) => a.link)).toEqual([ROUND_UP]);
    expect(result.all_results[0]!.score).toBeLessThan(70);
    expect(result.all_results[0]!.snippet).toContain("K. Brennan, 44, of Armley, was fined £600 for benefit fraud");
  });

  it("reads a job in anti-money laundering as no adverse news", () => {
    const result = screen(SAMPLE_PEOPLE.amlOfficer);
    expect(result.all_results.map((a) => a.link)).toEqual([AML_CHIEF]);
    expect(result.all_results[0]!.score).toBe(0);
  });

  it("keeps the victim of a scam below the threshold", () => {
    const result = screen(SAMPLE_PEOPLE.scamVictim);
    expect(result.status).toBe("PASS");
    expect(result.all_results.map((a) => a.link)).toEqual([ROMANCE_SCAM]);
  });

  it("finds a name with a joining word the query leaves out (Khalid bin Rashid Al-Nuaimi)", () => {
    expect(screen({ first_name: "Khalid", last_name: "Al-Nuaimi" }).all_results.map((a) => a.link)).toEqual([LIBRARY]);
    expect(screen({ first_name: "Khalid", last_name: "Nuaimi" }).all_results.map((a) => a.link)).toEqual([LIBRARY]);
  });

  it("adds a little for the person's location", () => {
    const without = scoreOf({ first_name: "Tomasz", last_name: "Nowak" }, CHARGED)!;
    const inManchester = scoreOf({ first_name: "Tomasz", last_name: "Nowak", location: "Manchester, UK" }, CHARGED)!;
    const elsewhere = scoreOf({ first_name: "Tomasz", last_name: "Nowak", location: "Lisbon" }, CHARGED)!;
    expect(inManchester).toBeGreaterThan(without);
    expect(inManchester - without).toBeLessThanOrEqual(5);
    expect(elsewhere).toBe(without);
  });

  it("keeps every snippet within 300 characters and every score an integer from 0 to 100", () => {
    for (const person of Object.values(SAMPLE_PEOPLE)) {
      for (const article of screen(person).all_results) {
        expect(article.snippet.length).toBeLessThanOrEqual(300);
        expect(Number.isInteger(article.score) && article.score >= 0 && article.score <= 100).toBe(true);
      }
    }
  });

  it("accepts the articles themselves in place of a prepared corpus", () => {
    expect(screenAdverseMedia(SAMPLE_PEOPLE.convicted, SAMPLE_CORPUS)).toEqual(screen(SAMPLE_PEOPLE.convicted));
  });

  it("refuses a threshold outside 0–100", () => {
    expect(() => screen({ ...SAMPLE_PEOPLE.neutral, threshold: 101 })).toThrow(RangeError);
    expect(() => screen({ ...SAMPLE_PEOPLE.neutral, threshold: Number.NaN })).toThrow(RangeError);
  });
});

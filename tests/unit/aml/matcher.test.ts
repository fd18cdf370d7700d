import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { editDistanceWithin, jaroWinkler } from "@/lib/server/aml/matching/jaro-winkler";
import { skeleton, tokenize } from "@/lib/server/aml/matching/normalize";
import { scoreName } from "@/lib/server/aml/matching/score-name";
import { detectAmlFormat, parseAmlList, readHead } from "@/lib/server/aml/parse-aml-list";
import { buildScreeningIndex, type ScreeningEntity, type ScreeningIndex } from "@/lib/server/aml/screening-index";

const SAMPLES = path.resolve(import.meta.dirname, "../../../datasets/aml");

async function shipped(...files: string[]): Promise<ScreeningEntity[]> {
  const out: ScreeningEntity[] = [];
  for (const file of files) {
    const full = path.join(SAMPLES, file);
    for await (const entity of parseAmlList(full, detectAmlFormat(await readHead(full))!, { skipped: 0 })) out.push(entity);
  }
  return out;
}

describe("Jaro-Winkler and edit distance", () => {
  it("gives the published reference values", () => {
    // Winkler's examples (as in the usual references).
    expect(jaroWinkler("martha", "marhta")).toBeCloseTo(0.961, 3);
    expect(jaroWinkler("dwayne", "duane")).toBeCloseTo(0.84, 2);
    expect(jaroWinkler("dixon", "dicksonx")).toBeCloseTo(0.813, 3);
    expect(jaroWinkler("same", "same")).toBe(1);
    expect(jaroWinkler("abc", "xyz")).toBe(0);
  });

  it("counts a swap of neighbours as one edit and stops past the limit", () => {
    expect(editDistanceWithin("putin", "puitn", 2)).toBe(1);
    expect(editDistanceWithin("putin", "putn", 2)).toBe(1);
    expect(editDistanceWithin("putin", "vladimir", 2)).toBe(3);
  });
});

describe("name normalisation and scoring", () => {
  it("folds transliteration variants to one skeleton", () => {
    expect(skeleton("poutine")).toBe(skeleton("putin"));
    expect(skeleton("wladimir")).toBe(skeleton("vladimir"));
    expect(skeleton("kadyrov")).toBe(skeleton("qadirov"));
    expect(skeleton("john")).toBe(skeleton("jon"));
  });

  it("transliterates other scripts and drops titles and punctuation", () => {
    expect(tokenize("Владимир Путин").map((t) => t.text)).toEqual(["vladimir", "putin"]);
    expect(tokenize("Dr. Ayman al-Zawahiri").map((t) => t.text)).toEqual(["ayman", "al", "zawahiri"]);
  });

  it("ignores word order and accepts an initial for a first name", () => {
    const listed = tokenize("Vladimir Vladimirovich PUTIN");
    const straight = scoreName(tokenize("Vladimir Putin"), listed);
    expect(scoreName(tokenize("Putin Vladimir"), listed)).toBe(straight);
    expect(scoreName(tokenize("V. Putin"), listed)).toBeGreaterThanOrEqual(96);
    expect(scoreName(tokenize("W. Putin"), listed)).toBeLessThan(80);
  });

  it("rules out a name whose first or last name is missing, and a lone surname", () => {
    const listed = tokenize("Vladimir Vladimirovich PUTIN");
    expect(scoreName(tokenize("Ivan Putin"), listed)).toBeLessThan(80);
    expect(scoreName(tokenize("Putin"), listed)).toBeLessThanOrEqual(80);
    expect(scoreName(tokenize("John Smith"), tokenize("John Smithson"))).toBeLessThan(80);
  });
});

describe("screening the shipped lists", () => {
  let index: ScreeningIndex;
  beforeAll(async () => {
    index = buildScreeningIndex(
      await shipped(
        "ofac-sdn-sample.xml",
        "un-consolidated-sample.xml",
        "opensanctions-sample.ftm.json",
        "opensanctions-targets.simple.csv",
      ),
      ["test"],
    );
  });
  const screen = (firstName: string, lastName: string, extra: { dateOfBirth?: string; country?: string } = {}) =>
    index.screen({ firstName, lastName, ...extra }, { threshold: 96 });

  it("finds a sanctioned name in three spellings: another transliteration, swapped order, an initial with a typo", () => {
    for (const [first, last] of [
      ["Wladimir", "Poutine"],
      ["Putin", "Vladimir"],
      ["V.", "Puttin"],
    ] as const) {
      const matches = screen(first, last);
      expect(
        matches.map((m) => m.id),
        `${first} ${last}`,
      ).toContain("ofac-35096");
      const ofac = matches.find((m) => m.id === "ofac-35096")!;
      expect(ofac).toMatchObject({
        caption: "Vladimir Vladimirovich PUTIN",
        entity_type: "Person",
        risk_type: "sanction",
        datasets: [{ id: "us_ofac_sdn" }],
      });
      expect(ofac.score).toBeGreaterThanOrEqual(96);
    }
  });

  it("finds names written in their own script and other transliterations", () => {
    expect(screen("Владимир", "Путин").map((m) => m.id)).toContain("ofac-35096");
    expect(screen("Ramzan", "Kadirov").map((m) => m.id)).toEqual(["ofac-22437"]);
    expect(screen("Ayman", "al-Zawahiri").map((m) => m.id)).toEqual(["unsc-QDi.006"]);
    expect(screen("Saif al-Islam", "Gaddafi").map((m) => m.id)).toEqual(["unsc-LYi.015"]);
    expect(
      screen("Kim", "Jong-un")
        .map((m) => m.id)
        .sort(),
    ).toEqual(["Q56226", "ofac-20280"]);
  });

  it("does not match a common name that is not listed", () => {
    expect(screen("John", "Smith")).toEqual([]);
    expect(screen("Maria", "Garcia", { dateOfBirth: "1980-02-03" })).toEqual([]);
    expect(screen("Vladimir", "Smirnov")).toEqual([]);
  });

  it("lifts the score with the same date of birth and lowers it with a different one", () => {
    const plain = screen("Yevgeny", "Prigozhin").find((m) => m.id === "ofac-20696")!.score;
    const sameDay = screen("Yevgeny", "Prigozhin", { dateOfBirth: "1961-06-01" }).find((m) => m.id === "ofac-20696")!.score;
    expect(sameDay).toBeGreaterThan(plain);
    const near = index
      .screen({ firstName: "Yevgeny", lastName: "Prigozhin", dateOfBirth: "1962-03-03" }, { threshold: 0 })
      .find((m) => m.id === "ofac-20696")!.score;
    const far = index
      .screen({ firstName: "Yevgeny", lastName: "Prigozhin", dateOfBirth: "1990-03-03" }, { threshold: 0 })
      .find((m) => m.id === "ofac-20696")!.score;
    expect(near).toBeLessThan(plain);
    expect(far).toBeLessThan(near);
    // A different date of birth takes a borderline name match below the default threshold.
    expect(screen("Yevgeny", "Prigozhin", { dateOfBirth: "1990-03-03" }).map((m) => m.id)).not.toContain("ofac-20696");
    // A list giving only the year: the same year lifts too.
    const yearOnly = index
      .screen({ firstName: "Ibrahim", lastName: "al-Badri", dateOfBirth: "1971-07-28" }, { threshold: 0 })
      .find((m) => m.id === "unsc-QDi.299")!;
    const otherYear = index
      .screen({ firstName: "Ibrahim", lastName: "al-Badri", dateOfBirth: "1985-07-28" }, { threshold: 0 })
      .find((m) => m.id === "unsc-QDi.299")!;
    expect(yearOnly.score).toBeGreaterThan(otherYear.score);
  });

  it("lifts the score when the country agrees (ISO code or the list's name for it)", () => {
    const plain = screen("V.", "Puttin").find((m) => m.id === "ofac-35096")!.score;
    expect(screen("V.", "Puttin", { country: "RU" }).find((m) => m.id === "ofac-35096")!.score).toBeGreaterThan(plain);
    expect(screen("V.", "Puttin", { country: "Russian Federation" }).find((m) => m.id === "ofac-35096")!.score).toBeGreaterThan(plain);
    expect(screen("V.", "Puttin", { country: "GB" }).find((m) => m.id === "ofac-35096")!.score).toBe(plain);
  });

  it("screens people only, names an entity once, best match first", () => {
    expect(screen("Banco Nacional", "de Cuba")).toEqual([]);
    const putin = screen("Vladimir", "Putin", { dateOfBirth: "1952-10-07" });
    expect(new Set(putin.map((m) => m.id)).size).toBe(putin.length);
    expect(putin.map((m) => m.score)).toEqual([...putin.map((m) => m.score)].sort((a, b) => b - a));
    expect(putin.map((m) => m.id).sort()).toEqual(["Q7747", "ofac-35096"]);
  });
});

import { describe, expect, it } from "vitest";
import type { CorpusArticle } from "@/lib/server/adverse-media/articles";
import { prepareCorpus } from "@/lib/server/adverse-media/prepare-corpus";
import { screenAdverseMedia, type AdverseMediaInput } from "@/lib/server/adverse-media/screen-adverse-media";

// One short article per case: whether the person is found in it, and with what score relative to
// the plain "First Last" form of the same sentence.
const article = (slug: string, body: string): CorpusArticle => ({
  id: slug,
  title: "Court report",
  link: `https://news.example/cases/${slug}`,
  source: "Test Wire",
  published_at: null,
  body,
});

const corpus = prepareCorpus([
  article("plain", "John Smith was convicted of fraud."),
  article("comma", "The defendant, listed as Smith, John, was convicted of fraud."),
  article("initial", "J. Smith was convicted of fraud."),
  article("lowercase", "The verdict: a smith was convicted of fraud, john said."),
  article(
    "namesakes",
    "Mary Smith and her brother Peter Smith spoke to reporters. They had driven from Leeds. It was a cold day. Smith was convicted of fraud.",
  ),
  article(
    "surname-later",
    "Laura Brennan opened a bakery in 2019. She sold it last year. The shop is now a café. Brennan was then convicted of fraud.",
  ),
  article(
    "company",
    "Laura Okoye founded Okoye Holdings. The company was fined. Okoye Holdings was convicted of fraud in a separate case.",
  ),
  article("mr", "Mr. Okonjo was convicted of fraud. Daniel Okonjo, 44, is a baker."),
  article("possessive", "Ahmed Rashid’s firm was convicted of fraud."),
  article("paragraph", "Ends with Kate\n\nWinslow was convicted of fraud."),
  // "ﷺ" is one character any-ascii spells as five words: more words than characters.
  article("symbols", `${"ﷺ ".repeat(2000)}½ 🙂 𝐁𝐨𝐥𝐝 Zoë Ångström was convicted of fraud.`),
]);

const screen = (input: AdverseMediaInput) => screenAdverseMedia(input, corpus);
const scores = (input: AdverseMediaInput) => Object.fromEntries(screen(input).all_results.map((a) => [a.link.split("/").pop(), a.score]));

describe("finding the person in an article", () => {
  it("finds First Last, Last, First and an initial, surest in that order", () => {
    const found = scores({ first_name: "John", last_name: "Smith" });
    expect(Object.keys(found).sort()).toEqual(["comma", "initial", "plain"]);
    expect(found.plain).toBeGreaterThan(found.comma!);
    expect(found.comma).toBeGreaterThan(found.initial!);
  });

  it("needs the name written capitalised", () => {
    expect(scores({ first_name: "John", last_name: "Smith" }).lowercase).toBeUndefined();
  });

  it("reads a later sentence naming only the surname as the same person, unless a namesake is named", () => {
    // The conviction is three sentences after the full name: only the lone surname reaches it.
    const laura = screen({ first_name: "Laura", last_name: "Brennan" }).all_results[0]!;
    expect(laura.score).toBeGreaterThanOrEqual(70);
    expect(laura.snippet).toContain("Brennan was then convicted of fraud.");
    // Mary and Peter Smith both appear: the lone "Smith" could be either.
    expect(scores({ first_name: "Mary", last_name: "Smith" })).toEqual({ namesakes: 0 });
    expect(scores({ first_name: "Peter", last_name: "Smith" })).toEqual({ namesakes: 0 });
  });

  it("does not read a company named after the person as the person", () => {
    expect(scores({ first_name: "Laura", last_name: "Okoye" }).company).toBeLessThan(70);
  });

  it("reads a title and surname as the person named in full elsewhere in the article", () => {
    expect(scores({ first_name: "Daniel", last_name: "Okonjo" }).mr).toBeGreaterThanOrEqual(70);
  });

  it("reads a possessive as the name", () => {
    expect(scores({ first_name: "Ahmed", last_name: "Rashid" }).possessive).toBeGreaterThanOrEqual(70);
  });

  it("reads any script: diacritics folded, symbols any-ascii spells as several words, characters beyond the BMP", () => {
    const zoe = screen({ first_name: "Zoe", last_name: "Angstrom" }).all_results;
    expect(zoe.map((a) => a.link)).toEqual(["https://news.example/cases/symbols"]);
    expect(zoe[0]!.score).toBeGreaterThanOrEqual(70);
    expect(zoe[0]!.snippet).toContain("Zoë Ångström was convicted of fraud.");
  });

  it("does not join a name across a paragraph break", () => {
    expect(scores({ first_name: "Kate", last_name: "Winslow" }).paragraph).toBeUndefined();
  });
});

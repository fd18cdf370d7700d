import { describe, expect, it } from "vitest";
import { ADVERSE_LEXICON, LEXICON } from "@/lib/server/adverse-media/lexicon";

/** The single-word term a word counts as (phrases starting with it are tried first, but need their other words). */
const best = (word: string) => ADVERSE_LEXICON.startingWith(word).find((term) => term.words.length === 1);

describe("the adverse-media lexicon", () => {
  it("holds the terms of each category the check screens for", () => {
    expect(Object.keys(LEXICON.financial_crime)).toEqual(
      expect.arrayContaining(["fraud*", "money laundering", "embezzl*", "bribery", "corruption", "tax evasion", "ponzi*"]),
    );
    expect(Object.keys(LEXICON.sanctions)).toEqual(expect.arrayContaining(["sanctioned", "ofac", "asset freeze*", "sanctions evasion"]));
    expect(Object.keys(LEXICON.terrorism)).toEqual(expect.arrayContaining(["terrorist financing", "terrorism financing"]));
    expect(Object.keys(LEXICON.drug_trafficking)).toEqual(expect.arrayContaining(["drug trafficking"]));
    expect(Object.keys(LEXICON.human_trafficking)).toEqual(expect.arrayContaining(["human trafficking"]));
    expect(Object.keys(LEXICON.regulatory)).toEqual(expect.arrayContaining(["fined", "banned director", "disqualified", "struck off"]));
    expect(Object.keys(LEXICON.legal)).toEqual(
      expect.arrayContaining(["charged", "convict*", "indict*", "arrested", "sentenced", "pleaded guilty"]),
    );
  });

  it("matches inflections", () => {
    expect(best("convicted")!.phrase).toBe("convict*");
    expect(best("conviction")!.phrase).toBe("convict*");
    expect(best("laundered")!.phrase).toBe("launder*");
    expect(best("embezzling")!.phrase).toBe("embezzl*");
    expect(best("indictment")!.phrase).toBe("indict*");
    expect(best("sentence")).toBeUndefined(); // the noun is harmless; only "sentenced" counts
  });

  it("prefers the most specific term at a word", () => {
    expect(best("fraudsters")!.phrase).toBe("fraudster*");
    expect(best("bribery")!.phrase).toBe("bribery");
    expect(ADVERSE_LEXICON.startingWith("money").map((t) => t.phrase)).toEqual(["money laundering reporting officer", "money laundering"]);
  });

  it("weighs allegations below findings, and exculpatory terms below zero", () => {
    expect(best("accused")!.weight).toBeLessThan(best("convicted")!.weight);
    expect(best("alleged")!.weight).toBeLessThan(best("charged")!.weight);
    expect(best("investigated")!.weight).toBeLessThan(best("sentenced")!.weight);
    expect(best("acquitted")!.weight).toBeLessThan(0);
    expect(ADVERSE_LEXICON.terms.find((t) => t.phrase === "cleared of")!.weight).toBeLessThan(0);
    expect(ADVERSE_LEXICON.terms.find((t) => t.phrase === "not guilty")!.weight).toBeLessThan(0);
    expect(ADVERSE_LEXICON.terms.find((t) => t.phrase === "anti money laundering")!.weight).toBe(0);
  });
});

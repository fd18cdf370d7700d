import { describe, expect, it } from "vitest";
import { acceptMrz, acceptPairs, alignWitnessLine } from "@/lib/server/documents/mrz/accept-mrz";
import { applyPositionClasses } from "@/lib/server/documents/mrz/position-classes";
import type { MrzReading } from "@/lib/server/documents/types";

// The specimen data of the German passport and ID card (real issuing state D; mrz 5.0.2 parses
// both as valid). Expected decisions follow documents-lab.md's acceptance rule.
const TD3 = ["P<D<<MUSTERMANN<<ERIKA<<<<<<<<<<<<<<<<<<<<<<", "C01X00T478D<<6408125F2702283<<<<<<<<<<<<<<<4"];
/** The same passport issued by the specimen state UTO, whose numbers may hold any letter (a German number holds no O, U or D: position-classes.ts). */
const TD3_UTO = ["P<UTOMUSTERMANN<<ERIKA<<<<<<<<<<<<<<<<<<<<<<", "C01X00T478UTO6408125F2702283<<<<<<<<<<<<<<<4"];
const TD1 = ["IDD<<T220001293<<<<<<<<<<<<<<<", "6408125<2010315D<<<<<<<<<<<<<4", "MUSTERMANN<<ERIKA<<<<<<<<<<<<<"];

const reading = (reader: MrzReading["reader"], lines: string[], margin = 0.01): MrzReading => ({
  reader,
  lines,
  confidence: lines.map((line) => Array.from(line, () => margin)),
});
const edit = (lines: string[], line: number, index: number, ch: string) =>
  lines.map((text, i) => (i === line ? text.slice(0, index) + ch + text.slice(index + 1) : text));
const now = new Date("2026-11-24T00:00:00Z");
/** ICAO 9303 check digit, computed here independently of the code under test: weights 7, 3, 1; A = 10 … Z = 35; < = 0. */
const checkDigit = (text: string) =>
  [...text].reduce((sum, ch, i) => sum + (ch === "<" ? 0 : /\d/.test(ch) ? Number(ch) : ch.charCodeAt(0) - 55) * [7, 3, 1][i % 3]!, 0) % 10;

describe("acceptMrz", () => {
  it("accepts when both readers read the same valid text", () => {
    const decision = acceptMrz("TD3", reading("template", TD3), reading("tesseract", TD3), now);
    expect(decision).toMatchObject({ accepted: true, by: "readers_agree", corrected: false, lines: TD3 });
    if (!decision.accepted) throw new Error("unreachable");
    expect(decision.parsed.identity).toMatchObject({
      lastName: "MUSTERMANN",
      firstName: "ERIKA",
      dateOfBirth: "1964-08-12",
      expirationDate: "2027-02-28",
      documentNumber: "C01X00T47",
      sex: "F",
      issuingCountry: "D",
    });
  });

  it("accepts a valid template reading whose every cell is confident when a second reader reads the names alike", () => {
    const otherNumber = edit(TD1, 0, 6, "3"); // the second reader slipped on a covered cell only
    expect(acceptMrz("TD1", reading("template", TD1, 0.12), reading("tesseract", otherNumber), now)).toMatchObject({
      accepted: true,
      by: "template_confident",
      lines: TD1,
    });
  });

  it("never lets the template stand alone on the issuing state, nationality or sex, which no check digit covers", () => {
    // Each slip leaves every check digit adding up: only a second reader reading the cell alike tests it.
    for (const [line, index, ch] of [
      [0, 2, "Z"], // issuing state
      [1, 15, "E"], // nationality
      [1, 7, "M"], // sex
    ] as const) {
      const slip = edit(TD1, line, index, ch);
      expect(acceptMrz("TD1", reading("template", TD1, 0.12), reading("tesseract", slip), now), `${line}:${index}`).toMatchObject({
        accepted: false,
      });
    }
  });

  it("never lets the template stand alone on the names, which no check digit covers", () => {
    expect(acceptMrz("TD1", reading("template", TD1, 0.12), null, now)).toMatchObject({ accepted: false });
    const nameSlip = edit(TD1, 2, 29, "C"); // the name line's last filler read as C by the second reader
    expect(acceptMrz("TD1", reading("template", TD1, 0.12), reading("learned", nameSlip), now)).toMatchObject({ accepted: false });
  });

  it("refuses a valid template reading that is not confident when the other reader is missing", () => {
    expect(acceptMrz("TD1", reading("template", TD1, 0.05), null, now)).toMatchObject({ accepted: false });
  });

  it("refuses when both readers agree on text whose check digit fails", () => {
    const tampered = edit(TD3, 1, 43, "5");
    expect(acceptMrz("TD3", reading("template", tampered), reading("tesseract", tampered), now)).toMatchObject({
      accepted: false,
      reason: "check_digits_fail",
      badLines: [1],
    });
  });

  it("refuses a disagreement inside the name, which no check digit covers", () => {
    const misread = edit(TD3, 0, 5, "H"); // MUSTERMANN → HUSTERMANN
    expect(acceptMrz("TD3", reading("template", TD3), reading("tesseract", misread), now)).toMatchObject({
      accepted: false,
      reason: "names_disagree",
    });
  });

  it("settles a disputed name cell only where two further readings see one reader's glyph and none the other's", () => {
    // Small print: the learned OCR read the name line's chevrons after SAMPLE as K; the template
    // matcher and the cell classifier read them as chevrons, as the second reader did.
    const chevronsAsK = edit(edit(TD3, 0, 41, "K"), 0, 42, "K");
    const learned = reading("learned", chevronsAsK);
    const decision = acceptMrz("TD3", learned, reading("tesseract", TD3), now, [reading("template", TD3), reading("cells", TD3)]);
    expect(decision).toMatchObject({ accepted: true, by: "witnesses_settle", lines: TD3 });
    // One further reading is enough for a cell a check digit tests after, not for a name cell.
    expect(acceptMrz("TD3", learned, reading("tesseract", TD3), now, [reading("template", TD3)])).toMatchObject({
      accepted: false,
      reason: "names_disagree",
    });
    // A letter of the name read as another (ERIKA as FRIKA): two further readings of E settle it; one
    // that reads F beside them leaves it unsettled, whatever the count.
    const frika = edit(TD3, 0, 17, "F");
    expect(
      acceptMrz("TD3", reading("template", frika), reading("cells", TD3), now, [reading("learned", TD3), reading("tesseract", TD3)]),
    ).toMatchObject({
      accepted: true,
      lines: TD3,
    });
    expect(
      acceptMrz("TD3", reading("template", frika), reading("cells", TD3), now, [
        reading("learned", TD3),
        reading("tesseract", TD3),
        reading("learned", frika),
      ]),
    ).toMatchObject({ accepted: false, reason: "names_disagree" });
  });

  it("refuses a blind-spot disagreement (U and 0 weigh the same in the check digit)", () => {
    const blind = edit(TD3_UTO, 1, 4, "U"); // C01XU0T47 passes the same check digits as C01X00T47
    expect(acceptMrz("TD3", reading("template", blind), reading("tesseract", TD3_UTO), now)).toMatchObject({
      accepted: false,
      reason: "readers_disagree",
    });
  });

  it("never lets the check digits choose: a disagreement no further reading settles is refused", () => {
    const wrongDigit = edit(TD3, 1, 15, "3"); // birth date 643812: the template misread an 8
    // Only the tesseract reading passes every check digit, but nothing else says which is right.
    expect(acceptMrz("TD3", reading("template", wrongDigit), reading("tesseract", TD3), now)).toMatchObject({
      accepted: false,
      reason: "readers_disagree",
    });
  });

  it("settles a disputed cell by a further reading that agrees with one side, then lets the check digits test it", () => {
    const wrongDigit = edit(TD3, 1, 15, "3");
    const decision = acceptMrz("TD3", reading("template", wrongDigit), reading("tesseract", TD3), now, [reading("cells", TD3)]);
    expect(decision).toMatchObject({ accepted: true, by: "witnesses_settle", corrected: true, lines: TD3 });
  });

  it("refuses when the witnesses split on a disputed cell", () => {
    const wrongDigit = edit(TD3, 1, 15, "3");
    expect(
      acceptMrz("TD3", reading("template", wrongDigit), reading("tesseract", TD3), now, [
        reading("cells", TD3),
        reading("learned", wrongDigit),
      ]),
    ).toMatchObject({ accepted: false, reason: "readers_disagree" });
  });

  it("refuses a settled text whose check digits fail: the witness is evidence, the check digits still test", () => {
    const wrongDigit = edit(TD3, 1, 15, "3");
    expect(acceptMrz("TD3", reading("template", wrongDigit), reading("tesseract", TD3), now, [reading("cells", wrongDigit)])).toMatchObject(
      { accepted: false, reason: "check_digits_fail" },
    );
  });

  it("hears a witness on the lines it read whole: a name line short of glyphs does not silence its number line", () => {
    // The second OCR-B cut (issue 33): the template matcher read a zero of the number as O; the
    // learned OCR read the number line right but lost glyphs of the name line.
    expect(checkDigit("C01X00T47")).toBe(8);
    const letterO = edit(TD3_UTO, 1, 4, "O");
    const shortName = [TD3_UTO[0]!.slice(0, 40), TD3_UTO[1]!];
    expect(
      acceptMrz("TD3", reading("template", letterO), reading("tesseract", TD3_UTO), now, [reading("learned", shortName)]),
    ).toMatchObject({
      accepted: true,
      by: "witnesses_settle",
      corrected: true,
      lines: TD3_UTO,
    });
    // A line it did not read whole is not heard: nothing settles the cell.
    const shortNumber = [TD3_UTO[0]!, TD3_UTO[1]!.slice(0, 43)];
    expect(
      acceptMrz("TD3", reading("template", letterO), reading("tesseract", TD3_UTO), now, [reading("learned", shortNumber)]),
    ).toMatchObject({
      accepted: false,
      reason: "readers_disagree",
    });
    // Nor is a reading with another number of lines.
    expect(
      acceptMrz("TD3", reading("template", letterO), reading("tesseract", TD3_UTO), now, [reading("learned", [TD3_UTO[1]!])]),
    ).toMatchObject({
      accepted: false,
      reason: "readers_disagree",
    });
  });

  describe("zeros of a document number read as O and D (the German card seen in issue 33)", () => {
    // A TD2 card numbered 122000404 (check digit 7). Worked out by hand with ICAO 9303's 7-3-1
    // weights (O = 24, D = 13): 122ODO4D4 has the same check digit, 7, and the same composite.
    // Issued by the specimen state UTO, whose numbers may hold any letter: the combiner alone.
    const line1 = "IDUTOMUSTERMANN<<ERIKA<<<<<<<<<<<<<<";
    const truth = [line1, "1220004047UTO6408125F2710316<<<<<<<6"];
    const number = (digits: string) => [line1, digits + truth[1]!.slice(9)];

    it("the wrong mix does pass every check digit (the test would prove nothing otherwise)", () => {
      expect(checkDigit("122000404")).toBe(7);
      expect(checkDigit("122ODO4D4")).toBe(7);
      // UTO is on no list of states: a third reader reads it alike (UNLISTED_STATE_WITNESSES).
      expect(
        acceptMrz("TD2", reading("template", number("122ODO4D4")), reading("learned", number("122ODO4D4")), now, [
          reading("cells", number("122ODO4D4")),
        ]),
      ).toMatchObject({
        accepted: true,
        by: "readers_agree",
      });
    });

    it("two readers that each read the zeros as letters, differently, are refused, not combined", () => {
      const first = number("122ODO4O4");
      const second = number("122DDD4D4");
      expect(acceptMrz("TD2", reading("learned", first), reading("tesseract", second), now)).toMatchObject({
        accepted: false,
        reason: "readers_disagree",
      });
      // A witness reading the true zeros supports neither side: still refused.
      expect(acceptMrz("TD2", reading("learned", first), reading("tesseract", second), now, [reading("cells", truth)])).toMatchObject({
        accepted: false,
        reason: "readers_disagree",
      });
    });

    it("on a German card (issuing state D), whose numbers hold no vowel and none of B D Q S, the letters are the zeros misread", () => {
      // The card as issued in Germany: its number's alphabet is digits and C F G H J K L M N P R T V W X Y Z.
      const german = (digits: string) => ["IDD<<MUSTERMANN<<ERIKA<<<<<<<<<<<<<<", digits + "7D<<6408125F2710316<<<<<<<6"];
      const decision = acceptMrz("TD2", reading("learned", german("122ODO4O4")), reading("tesseract", german("122DDD4D4")), now);
      expect(decision).toMatchObject({ accepted: true, by: "readers_agree", lines: german("122000404") });
      if (!decision.accepted) throw new Error("unreachable");
      expect(decision.parsed.identity.documentNumber).toBe("122000404");
      // A letter the alphabet holds is a letter: the passport C01X00T47 keeps its C, X and T.
      expect(applyPositionClasses("TD3", [TD3[0]!, "CO1XOOT478D<<6408125F2702283<<<<<<<<<<<<<<<4"])).toEqual(TD3);
      // Only the number: the optional data keep what was read, and a state without a published alphabet keeps its O.
      const optional = "C01X00T478D<<6408125F2702283OO<<<<<<<<<<<<4";
      expect(applyPositionClasses("TD3", [TD3[0]!, optional])[1]).toBe(optional);
      const elsewhere = ["P<UTOMUSTERMANN<<ERIKA<<<<<<<<<<<<<<<<<<<<<<", "CO1XOOT478UTO6408125F2702283<<<<<<<<<<<<<<<4"];
      expect(applyPositionClasses("TD3", elsewhere)).toEqual(elsewhere);
      // A TD1 card prints its number on the first line, after the issuing state.
      expect(applyPositionClasses("TD1", ["IDD<<T22OOO1293<<<<<<<<<<<<<<<", TD1[1]!, TD1[2]!])).toEqual(TD1);
    });
  });

  it("does not hear a witness on a glyph it has read for the other side's where the pair agreed (a number of zeros read as O)", () => {
    // The third set's Taiwanese specimen seen in perspective, as read: the template read five of the
    // number's ten zeros as O, the learned OCR none, and Tesseract every one of them as O.
    const truth = ["P<TWNLIN<<MEI<HUA<<<<<<<<<<<<<<<<<<<<<<<<<<<", "0000000000TWN7601015F1404018A234567893<<<<18"];
    const template = edit(edit(edit(edit(edit(truth, 1, 2, "O"), 1, 4, "O"), 1, 6, "O"), 1, 7, "O"), 1, 8, "O");
    const tesseract = [truth[0]!, "OOOOOOOOOO" + truth[1]!.slice(10)];
    // The wrong mix passes the number's check digit (O weighs 24; 24 × (1 + 3 + 7 + 3 + 1) = 360).
    expect(checkDigit(template[1]!.slice(0, 9))).toBe(Number(template[1]![9]));
    expect(checkDigit("000000000")).toBe(0);
    // Tesseract read O where the template and the learned OCR both read 0: its O settles nothing.
    const decision = acceptMrz("TD3", reading("template", template), reading("learned", truth), now, [reading("tesseract", tesseract)]);
    expect(decision).toMatchObject({ accepted: false, reason: "readers_disagree" });
    // A witness that read the agreed zeros as zeros is heard on the disputed ones.
    expect(acceptMrz("TD3", reading("template", template), reading("learned", truth), now, [reading("cells", truth)])).toMatchObject({
      accepted: true,
      by: "witnesses_settle",
      lines: truth,
    });
  });

  it("settles a disputed cell no check digit tests on two witnesses, or a state code on one where ICAO lists the code", () => {
    // Issue 33: a blind set's Irish passport in perspective came back issued by ZRL: the template
    // matcher read IRL, Tesseract read ZRL, and the cell classifier's Z alone "settled" the cell; no
    // check digit tests it, and ZRL is no state's code.
    const irl = ["P<IRLOSULLIVAN<<LAUREN<<<<<<<<<<<<<<<<<<<<<<", "XN50042162IRL8805049F2309154<<<<<<<<<<<<<<<6"];
    for (const [line, index, ch] of [
      [0, 2, "Z"], // issuing state IRL → ZRL
      [1, 12, "I"], // nationality IRL → IRI
    ] as const) {
      const slip = edit(irl, line, index, ch);
      const where = `${line}:${index}`;
      // One witness reading the slip: the code it makes is no state's, refused.
      expect(acceptMrz("TD3", reading("template", irl), reading("tesseract", slip), now, [reading("cells", slip)]).accepted, where).toBe(
        false,
      );
      // Two witnesses reading the slip: settled as they read it, and still no state's code.
      expect(
        acceptMrz("TD3", reading("template", irl), reading("tesseract", slip), now, [reading("cells", slip), reading("learned", slip)])
          .accepted,
        where,
      ).toBe(true);
      // One witness reading the truth: IRL is a state ICAO lists, settled.
      expect(acceptMrz("TD3", reading("template", irl), reading("tesseract", slip), now, [reading("cells", irl)]), where).toMatchObject({
        accepted: true,
        by: "witnesses_settle",
        lines: irl,
      });
    }
    // The sex, which no list tests: one witness is not enough, two settle it.
    const sex = edit(irl, 1, 20, "M");
    expect(acceptMrz("TD3", reading("template", irl), reading("tesseract", sex), now, [reading("cells", irl)]).accepted).toBe(false);
    expect(
      acceptMrz("TD3", reading("template", irl), reading("tesseract", sex), now, [reading("cells", irl), reading("learned", irl)]),
    ).toMatchObject({ accepted: true, lines: irl });
    // ICAO's specimen state UTO is on no list: its disputed letter needs two witnesses.
    const uto = edit(TD3_UTO, 0, 3, "I"); // UTO → UIO
    expect(acceptMrz("TD3", reading("template", TD3_UTO), reading("tesseract", uto), now, [reading("cells", TD3_UTO)]).accepted).toBe(
      false,
    );
    expect(
      acceptMrz("TD3", reading("template", TD3_UTO), reading("tesseract", uto), now, [
        reading("cells", TD3_UTO),
        reading("learned", TD3_UTO),
      ]),
    ).toMatchObject({ accepted: true, lines: TD3_UTO });
    // A cell a check digit tests after is settled on one witness as before (a birth-date digit).
    const birth = edit(irl, 1, 15, "6");
    expect(acceptMrz("TD3", reading("template", irl), reading("tesseract", birth), now, [reading("cells", irl)])).toMatchObject({
      accepted: true,
      lines: irl,
    });
  });

  it("accepts a state code ICAO does not list only where a reader beside the pair reads it alike, however the pair agreed", () => {
    // Issue 33: on an Irish passport and a Liechtenstein card in perspective, the cell classifier
    // and Tesseract both read the state's I as Z and agreed (ZRL, LZE); every other reader read I.
    const irl = ["P<IRLOSULLIVAN<<LAUREN<<<<<<<<<<<<<<<<<<<<<<", "XN50042162IRL8805049F2309154<<<<<<<<<<<<<<<6"];
    const zrl = edit(irl, 0, 2, "Z");
    // The pair alike on the unlisted code, the witness reading the listed one: refused, line 0 named.
    expect(acceptMrz("TD3", reading("cells", zrl), reading("tesseract", zrl), now, [reading("template", irl)])).toMatchObject({
      accepted: false,
      reason: "readers_disagree",
      badLines: [0],
    });
    // No witness at all: refused as well.
    expect(acceptMrz("TD3", reading("cells", zrl), reading("tesseract", zrl), now).accepted).toBe(false);
    // The template matcher sure of every cell does not stand for an unlisted code either.
    expect(acceptMrz("TD3", reading("template", zrl, 0.5), reading("tesseract", zrl), now).accepted).toBe(false);
    // The pair alike with a disputed number cell a witness settles: still the code decides.
    const zrlSlip = edit(zrl, 1, 5, "0"); // XN50042162 → XN50002162: a cell the check digit tests
    expect(acceptMrz("TD3", reading("cells", zrl), reading("tesseract", zrlSlip), now, [reading("template", irl)]).accepted).toBe(false);
    expect(acceptMrz("TD3", reading("cells", zrl), reading("tesseract", zrlSlip), now, [reading("template", zrl)])).toMatchObject({
      accepted: true,
      by: "witnesses_settle",
      lines: zrl,
    });
    // The same pair alike on the listed code needs no witness.
    expect(acceptMrz("TD3", reading("cells", irl), reading("tesseract", irl), now)).toMatchObject({ accepted: true, by: "readers_agree" });
    // The specimen state UTO read alike by the pair and by one more reader: accepted; by the pair alone: refused.
    expect(acceptMrz("TD3", reading("cells", TD3_UTO), reading("tesseract", TD3_UTO), now, [reading("template", TD3_UTO)])).toMatchObject({
      accepted: true,
      lines: TD3_UTO,
    });
    expect(acceptMrz("TD3", reading("cells", TD3_UTO), reading("tesseract", TD3_UTO), now).accepted).toBe(false);
    // The witness must read the whole code alike, not a letter of it.
    expect(
      acceptMrz("TD3", reading("cells", zrl), reading("tesseract", zrl), now, [reading("template", edit(zrl, 0, 3, "P"))]).accepted,
    ).toBe(false);
  });

  it("never settles a letter into a digit-only field", () => {
    const letter = edit(TD3, 1, 14, "A"); // a birth-date digit read as A by two readers
    const decision = acceptMrz("TD3", reading("template", TD3), reading("tesseract", letter), now, [reading("learned", letter)]);
    expect(decision.accepted).toBe(false);
  });

  it("never settles a document code into a letter no document starts with (ICAO 9303: A, C or I on a card)", () => {
    // The card's I read as Z by one reader and as 2 by another: a 2 in a letter cell stands for Z, so
    // the Z looked witnessed, but no identity card's code starts with Z; the I alone may stand there.
    const asZ = edit(TD1, 0, 0, "Z");
    const as2 = edit(TD1, 0, 0, "2");
    expect(acceptMrz("TD1", reading("template", TD1), reading("cells", asZ), now, [reading("tesseract", as2)])).toMatchObject({
      accepted: false,
      reason: "readers_disagree",
    });
    // The code is a cell no check digit tests: one witness reading the I is not enough, two settle it.
    expect(acceptMrz("TD1", reading("template", TD1), reading("cells", asZ), now, [reading("learned", TD1)]).accepted).toBe(false);
    expect(
      acceptMrz("TD1", reading("template", TD1), reading("cells", asZ), now, [reading("learned", TD1), reading("tesseract", TD1)]),
    ).toMatchObject({
      accepted: true,
      by: "witnesses_settle",
      lines: TD1,
    });
    // A passport's code is a P (a visa's of the same shape a V): a template reading of R is no passport's.
    const asR = edit(TD3, 0, 0, "R");
    expect(acceptMrz("TD3", reading("template", TD3), reading("tesseract", asR), now, [reading("learned", asR)]).accepted).toBe(false);
  });

  it("reads letters in digit-only cells as the digits they stand for", () => {
    const letters = edit(edit(TD1, 1, 0, "G"), 1, 2, "O"); // 6408125 read as G4O8125
    expect(acceptMrz("TD1", reading("template", letters), reading("tesseract", TD1), now)).toMatchObject({
      accepted: true,
      by: "readers_agree",
      lines: TD1,
    });
  });

  it("refuses a reading with more disputed cells than a bad capture could explain", () => {
    const noisy = edit(
      edit(edit(edit(edit(edit(edit(TD3, 1, 14, "9"), 1, 15, "9"), 1, 16, "9"), 1, 22, "9"), 1, 23, "9"), 1, 24, "1"),
      1,
      25,
      "1",
    );
    expect(acceptMrz("TD3", reading("template", noisy), reading("tesseract", TD3), now)).toMatchObject({
      accepted: false,
      reason: "too_many_disagreements",
    });
  });
});

describe("acceptPairs: each pair of readers in turn, the others its witnesses", () => {
  const misreadName = edit(TD1, 2, 4, "Z"); // MUSTERMANN's E read as Z: no check digit covers it

  it("accepts the classifier and Tesseract reading alike where the template matcher misread a name cell", () => {
    const template = reading("template", misreadName, 0.3);
    const tesseract = reading("tesseract", TD1);
    const cells = reading("cells", TD1);
    const readings = [template, tesseract, cells];
    // The template's pairs cannot settle the name cell: one witness where a name cell needs two.
    expect(acceptMrz("TD1", template, tesseract, now, [cells]).accepted).toBe(false);
    expect(acceptMrz("TD1", template, cells, now, [tesseract]).accepted).toBe(false);
    const decision = acceptPairs(
      "TD1",
      [
        [template, tesseract],
        [template, cells],
        [cells, tesseract],
      ],
      readings,
      now,
    );
    expect(decision).toMatchObject({ accepted: true, by: "readers_agree", lines: TD1 });
  });

  it("hears the template matcher as the witness of the other two: a disputed number cell it sees settles", () => {
    const slip = edit(TD1, 0, 6, "3"); // the classifier slipped on a number cell the check digit covers
    const template = reading("template", TD1);
    const tesseract = reading("tesseract", TD1);
    const cells = reading("cells", slip);
    const decision = acceptPairs("TD1", [[cells, tesseract]], [template, tesseract, cells], now);
    expect(decision).toMatchObject({ accepted: true, by: "witnesses_settle", lines: TD1 });
    // Without the template matcher's reading nothing settles that cell.
    expect(acceptPairs("TD1", [[cells, tesseract]], [tesseract, cells], now)).toMatchObject({
      accepted: false,
      reason: "readers_disagree",
    });
  });

  it("never lets a reader other than the template matcher stand alone, however sure its cells", () => {
    const cells = reading("cells", TD1, 0.99);
    expect(acceptPairs("TD1", [[cells, null]], [cells], now)).toBeNull();
  });

  it("returns the first accepted decision, and the last refusal when no pair is accepted", () => {
    const template = reading("template", misreadName);
    const tesseract = reading("tesseract", edit(TD1, 2, 5, "Q"));
    const cells = reading("cells", edit(TD1, 2, 6, "X"));
    const refused = acceptPairs(
      "TD1",
      [
        [template, tesseract],
        [cells, tesseract],
      ],
      [template, tesseract, cells],
      now,
    );
    expect(refused).toMatchObject({ accepted: false, reason: "names_disagree" });
    const agreeing = reading("learned", TD1);
    const first = acceptPairs(
      "TD1",
      [
        [agreeing, reading("tesseract", TD1)],
        [template, null],
      ],
      [agreeing],
      now,
    );
    expect(first).toMatchObject({ accepted: true, by: "readers_agree", lines: TD1 });
  });
});

describe("a witness whose line is of another length: heard where its words line up with the pair's", () => {
  const line = TD3[0]!; // P<D<<MUSTERMANN<<ERIKA<<<<<<<<<<<<<<<<<<<<<<
  const slip = line.replace("MUSTERMANN", "MUSTEHMANN"); // one reader's R read as H (a name cell)

  it("lays a line whose trailing run of fillers was dropped onto the pair's cells", () => {
    const aligned = alignWitnessLine("P<D<<MUSTERMANN<<ERIKA", line, slip);
    expect(aligned).toBe("P<D<<MUSTERMANN<<ERIKA" + "?".repeat(22));
    // A run shortened in the middle: the words after it are heard at their own cells, the run is not.
    expect(alignWitnessLine("C01X00T478D<6408125F2702283<<<4", TD3[1]!, TD3[1]!)).toBe("C01X00T478D??6408125F2702283???????????????4");
  });

  it("hears nothing of a line whose words do not line up: a word longer, shorter, split or joined", () => {
    expect(alignWitnessLine("P<D<<MUSTERMAN<<ERIKA", line, slip)).toBe(""); // a glyph lost inside a word
    expect(alignWitnessLine("P<D<<MUSTERMANNN<<ERIKA", line, slip)).toBe(""); // one more
    expect(alignWitnessLine("P<D<<MUSTER<MANN<<ERIKA", line, slip)).toBe(""); // a word split
    expect(alignWitnessLine("P<DK<MUSTERMANN<<ERIKA", line, slip)).toBe(""); // a filler read as K: a word one longer
    expect(alignWitnessLine("P<D<<<MUSTERMANN<<ERIKA", line, slip)).toBe(""); // a run of fillers longer than the pair's
  });

  it("takes the words from either reading of the pair where they dispute a filler", () => {
    const withK = line.replace("ERIKA<<", "ERIKA<K"); // one reader read a filler after the name as K
    expect(alignWitnessLine("P<D<<MUSTERMANN<<ERIKA", withK, line)).toBe("P<D<<MUSTERMANN<<ERIKA" + "?".repeat(22));
  });

  it("settles a disputed name cell with the learned OCR's text though it dropped the fillers, never against its words", () => {
    const template = reading("template", [slip, TD3[1]!]);
    const cells = reading("cells", TD3);
    const tesseract = reading("tesseract", [line.replace("MUSTERMANN", "NUSTERMANN"), TD3[1]!]);
    const partial = reading("learned", ["P<D<<MUSTERMANN<<ERIKA", "C01X00T478D<<6408125F2702283"]);
    // Tesseract alone sees R there: a name cell needs two witnesses.
    expect(acceptMrz("TD3", template, cells, now, [tesseract])).toMatchObject({ accepted: false, reason: "names_disagree" });
    expect(acceptMrz("TD3", template, cells, now, [tesseract, partial])).toMatchObject({
      accepted: true,
      by: "witnesses_settle",
      lines: TD3,
    });
    // The same text with a glyph lost inside the surname lines up with nothing: not heard.
    const lost = reading("learned", ["P<D<<MUSTRMANN<<ERIKA", "C01X00T478D<<6408125F2702283"]);
    expect(acceptMrz("TD3", template, cells, now, [tesseract, lost])).toMatchObject({ accepted: false, reason: "names_disagree" });
  });
});

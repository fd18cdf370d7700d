import { describe, expect, it } from "vitest";
import { checkDigit, parseMrz } from "@/lib/server/documents/mrz/parse-mrz";
import { MRZ_ALPHABET } from "@/lib/server/documents/types";
import { applyPositionClasses, cellGlyphs } from "@/lib/server/documents/mrz/position-classes";
import { cleanMrzText, fitLength } from "@/lib/server/documents/mrz/learned/find-mrz-text";
import { asPrinted } from "@/lib/server/documents/mrz/learned/read-learned";

// MRZ lines as printed on public specimens (read by eye; tests/fixtures/real-documents/truth.json).
const NOW = new Date("2026-11-24T12:00:00Z");
const ICAO_TD3 = ["P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<", "L898902C36UTO7408122F1204159ZE184226B<<<<<10"];
const MRVA = ["V<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<", "L8988901C4XXX4009078F96121096ZE184226B<<<<<<"];
const MRVB = ["V<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<", "L8988901C4XXX4009078F9612109<<<<<<<<"];
const FRENCH = ["IDFRABERTHIER<<<<<<<<<<<<<<<<<<<<<<<", "9409923102854CORINNE<<<<<<<6512068F4"];
const AUSTRIA_AS_PRINTED = ["IDAUT000009993<<<<<<<<<<<<<<<<", "7109094F111231AUT<<<<<<<<<<<<0", "MUSTERFRAU<<ISOLDE<<<<<<<<<<<<"];

describe("MRZ layouts beyond the ICAO cards", () => {
  it("lets a document code start only with the letters ICAO 9303 gives its layout", () => {
    const codes = (format: Parameters<typeof cellGlyphs>[0]) =>
      cellGlyphs(format, 0, 0)
        .map((g) => MRZ_ALPHABET[g])
        .join("");
    // Part 4: P (a visa of the passport's shape: V); parts 5 and 6: A, C or I; part 7: V.
    expect(codes("TD3")).toBe("PV");
    expect(codes("MRVA")).toBe("PV");
    expect(codes("TD1")).toBe("ACI");
    expect(codes("TD2")).toBe("ACIV");
    expect(codes("MRVB")).toBe("ACIV");
    expect(codes("FRENCH_ID")).toBe("ACI");
    // The code's second letter and the rest of the line keep their classes.
    expect(
      cellGlyphs("TD1", 0, 1)
        .map((g) => MRZ_ALPHABET[g])
        .join(""),
    ).toBe("ABCDEFGHIJKLMNOPQRSTUVWXYZ<");
    // A 1 read in the code's first cell is an I, as in any letter cell.
    expect(applyPositionClasses("TD1", ["1DD<<T220001293<<<<<<<<<<<<<<<"])[0]).toBe("IDD<<T220001293<<<<<<<<<<<<<<<");
  });

  it("computes ICAO 9303 check digits (the specimen's printed digits)", () => {
    expect(checkDigit("L898902C3")).toBe("6");
    expect(checkDigit("740812")).toBe("2");
    expect(checkDigit("120415")).toBe("9");
  });

  it("reads the ICAO specimen state UTO as a specimen state, not as a broken reading", () => {
    const parsed = parseMrz(ICAO_TD3, NOW);
    expect(parsed.valid).toBe(true);
    expect(parsed.format).toBe("TD3");
    expect(parsed.unknownStates).toContain("UTO");
    expect(parsed.identity).toMatchObject({
      lastName: "ERIKSSON",
      firstName: "ANNA MARIA",
      documentNumber: "L898902C3",
      dateOfBirth: "1974-08-12",
      issuingCountry: "UTO",
    });
  });

  it("recognises MRV-A and MRV-B visas by their layout and check digits", () => {
    const a = parseMrz(MRVA, NOW);
    const b = parseMrz(MRVB, NOW);
    expect([a.format, a.valid]).toEqual(["MRVA", true]);
    expect([b.format, b.valid]).toEqual(["MRVB", true]);
    expect(a.identity).toMatchObject({ documentNumber: "L8988901C", dateOfBirth: "1940-09-07", nationality: "XXX", sex: "F" });
    // One digit changed in the birth date: its check digit no longer adds up.
    expect(parseMrz([MRVB[0]!, MRVB[1]!.replace("400907", "400917")], NOW).valid).toBe(false);
  });

  it("reads the French national ID's own 2 x 36 layout", () => {
    const parsed = parseMrz(FRENCH, NOW);
    expect(parsed.format).toBe("FRENCH_ID");
    expect(parsed.valid).toBe(true);
    expect(parsed.identity).toMatchObject({
      lastName: "BERTHIER",
      firstName: "CORINNE",
      dateOfBirth: "1965-12-06",
      documentNumber: "940992310285",
      nationality: "FRA",
    });
    // Its position classes keep the given name letters where a TD2 layout would want digits.
    expect(applyPositionClasses("FRENCH_ID", FRENCH)).toEqual(FRENCH);
  });

  it("never passes an MRZ printed against its layout (the Austrian specimen's missing check digits)", () => {
    expect(parseMrz(AUSTRIA_AS_PRINTED, NOW).valid).toBe(false);
  });

  it("reports an MRZ that does not add up as printed where two free readers see a glyph its cell's class cannot hold", () => {
    // The classed readers must put a digit in the expiry's check cell; the card prints an A there.
    const classed = ["IDAUT000009993<<<<<<<<<<<<<<<<", "7109094F1112314UT<<<<<<<<<<<<0", "MUSTERFRAU<<ISOLDE<<<<<<<<<<<<"];
    const reading = (reader: string, lines: string[]) => ({ reader, lines, confidence: [] }) as never;
    const learned = reading("learned", AUSTRIA_AS_PRINTED);
    const tesseract = reading("tesseract", ["IDAUT000009995<<<<<<<<<<<<<<<<", ...AUSTRIA_AS_PRINTED.slice(1)]);
    expect(asPrinted("TD1", classed, [learned, tesseract])).toEqual(AUSTRIA_AS_PRINTED);
    // One free reader is not enough, and a look-alike the class settles (O for 0) stays with the class.
    expect(asPrinted("TD1", classed, [learned])).toEqual(classed);
    const lookAlike = reading("learned", ["IDAUT000009993<<<<<<<<<<<<<<<<", "71O9094F1112314UT<<<<<<<<<<<<0", AUSTRIA_AS_PRINTED[2]!]);
    expect(asPrinted("TD1", classed, [lookAlike, lookAlike])).toEqual(classed);
  });

  it("cleans a general-purpose recogniser's text only of chevron and case slips, and fixes filler runs by at most 3", () => {
    expect(cleanMrzText("p<uto ERIKSSON«ANNA<MArIA<K<<")).toBe("P<UTOERIKSSON<<ANNA<MARIA<<<<");
    expect(fitLength("ERIKSSON<<ANNA<MARIA<<<<<<<<", 30)).toBe("ERIKSSON<<ANNA<MARIA<<<<<<<<<<");
    expect(fitLength("ERIKSSON<<ANNA<MARIA<<<<<<<<<<<<", 30)).toBe("ERIKSSON<<ANNA<MARIA<<<<<<<<<<");
    expect(fitLength("ERIKSSON<<ANNA", 30)).toBe("ERIKSSON<<ANNA");
  });
});

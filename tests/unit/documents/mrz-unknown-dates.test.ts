import { describe, expect, it } from "vitest";
import { mrzValidations } from "@/lib/server/documents/mrz-validations";
import { acceptMrz } from "@/lib/server/documents/mrz/accept-mrz";
import { parseMrz } from "@/lib/server/documents/mrz/parse-mrz";
import type { MrzReading } from "@/lib/server/documents/types";

// Croatia's specimen identity card (../shared/real-data/documents-2, passport_mrz_detector_cpp
// examples/passport_03.jpg), read by eye: every number is zeros. Worked out by hand, each check
// digit of zeros is 0 (7·0 + 3·0 + 1·0 …), so the text adds up; 000000 is no calendar date.
const CROATIA = ["IOHRV000000000000000000000<<<<", "0000000M0000000HRV<<<<<<<<<<<0", "UZORAK<<SPECIMEN<<<<<<<<<<<<<<"];
const now = new Date("2026-11-24T00:00:00Z");
const reading = (reader: MrzReading["reader"], lines: string[]): MrzReading => ({
  reader,
  lines,
  confidence: lines.map((line) => Array.from(line, () => 0.01)),
});

describe("an MRZ whose dates pass their check digits but name no day", () => {
  it("is read as printed: the text is valid, the dates unknown", () => {
    const parsed = parseMrz(CROATIA, now);
    expect(parsed.valid).toBe(true);
    expect(parsed.identity).toMatchObject({ dateOfBirth: null, expirationDate: null, documentNumber: "000000000", lastName: "UZORAK" });
  });

  it("still refuses a date whose check digit fails", () => {
    const broken = [CROATIA[0]!, "0000001M0000000HRV<<<<<<<<<<<0", CROATIA[2]!];
    expect(parseMrz(broken, now).valid).toBe(false);
  });

  it("is accepted as a reading, and the document fails on what it lacks, and as a specimen", () => {
    const decision = acceptMrz("TD1", reading("template", CROATIA), reading("learned", CROATIA), now);
    if (!decision.accepted) throw new Error(`refused: ${decision.reason}`);
    const v = mrzValidations(decision, "national_id", now);
    expect(v.mrz_check_digits_valid?.status).toBe("pass");
    expect(v.required_fields_extracted).toMatchObject({ status: "fail", failed_reasons: ["INCOMPLETE_MRZ_DATA"] });
    expect(v.has_not_expired).toMatchObject({ status: "fail", failed_reasons: ["INVALID_DOCUMENT_DATE_FORMAT"] });
    expect(v.not_specimen).toMatchObject({ status: "fail", failed_reasons: ["SAMPLE_NAME_DETECTED", "SAMPLE_DOCUMENT_NUMBER_DETECTED"] });
  });
});

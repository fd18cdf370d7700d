import { createHash } from "node:crypto";
import { mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { parse } from "mrz";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { issuingState } from "@/tests/support/documents/countries";
import { documentSample, writeMjpeg } from "@/tests/support/documents/fixtures";
import { applyHomography } from "@/tests/support/documents/homography";
import { generateIdDocument } from "@/tests/support/documents/id-document";
import { checkDigit, composeMrz, transliterate, type MrzFormat } from "@/tests/support/documents/mrz-text";
import { GENERATOR_TODAY, NAMING_TRADITIONS, randomPerson } from "@/tests/support/documents/people";
import { phoneCapture } from "@/tests/support/documents/phone-capture";
import { createRng } from "@/tests/support/documents/random";

const FORMATS: MrzFormat[] = ["TD1", "TD2", "TD3"];
const LENGTH = { TD1: 30, TD2: 36, TD3: 44 };
const SEX = { M: "male", F: "female", "<": "nonspecified" };
const sha = (b: Buffer) => createHash("sha256").update(b).digest("hex");

describe("MRZ text", () => {
  it("computes the check digits of ICAO 9303's own specimen (part 4, Appendix A)", () => {
    // P<UTOERIKSSON<<ANNA<MARIA / L898902C36UTO7408122F1204159ZE184226B<<<<<10
    expect(checkDigit("L898902C3")).toBe("6");
    expect(checkDigit("740812")).toBe("2");
    expect(checkDigit("120415")).toBe("9");
    expect(checkDigit("ZE184226B<<<<<")).toBe("1");
    expect(checkDigit("L898902C36" + "7408122" + "1204159" + "ZE184226B<<<<<1")).toBe("0");
  });

  it("transliterates names as ICAO 9303 part 3 §6 writes them", () => {
    expect(transliterate("Müller")).toBe("MUELLER");
    expect(transliterate("Müller", false)).toBe("MULLER");
    expect(transliterate("Ødegård")).toBe("OEDEGAARD");
    expect(transliterate("Groß")).toBe("GROSS");
    expect(transliterate("Łukasz Wiśniewski")).toBe("LUKASZ<WISNIEWSKI");
    expect(transliterate("O'Brien")).toBe("OBRIEN");
    expect(transliterate("Smith-Jones")).toBe("SMITH<JONES");
    expect(transliterate("Nguyễn Thị Thu Hương")).toBe("NGUYEN<THI<THU<HUONG");
    expect(transliterate("Núñez")).toBe("NUNEZ");
    expect(transliterate("Þórunn Guðrún")).toBe("THORUNN<GUDRUN");
    expect(transliterate("Đặng")).toBe("DANG");
  });

  it("parses valid with the independent mrz package, every field equal to the truth, for 300 people in 3 formats", () => {
    const rng = createRng("mrz-valid");
    const traditions = new Set<string>();
    let truncated = 0;
    for (let i = 0; i < 300; i++) {
      const person = randomPerson(rng, { sexXRate: 0.1 });
      traditions.add(person.tradition);
      for (const format of FORMATS) {
        const { lines, truth } = composeMrz(person, format);
        for (const line of lines) expect(line).toMatch(new RegExp(`^[A-Z0-9<]{${LENGTH[format]}}$`));
        const result = parse(lines);
        expect(result.valid, `${lines.join("\n")}\n${JSON.stringify(result.details.filter((d) => !d.valid))}`).toBe(true);
        expect(result.format).toBe(format);
        expect(result.fields.documentNumber).toBe(person.documentNumber);
        expect(result.fields.birthDate).toBe(person.dateOfBirth.replace(/-/g, "").slice(2));
        expect(result.fields.expirationDate).toBe(person.dateOfExpiry.replace(/-/g, "").slice(2));
        expect(result.fields.sex).toBe(SEX[truth.sex]);
        expect(result.fields.issuingState).toBe(person.issuingState === "DEU" ? "D" : person.issuingState);
        expect(result.fields.nationality).toBe(person.nationality === "DEU" ? "D" : person.nationality);
        expect(result.fields.lastName).toBe(truth.surname);
        expect(result.fields.firstName).toBe(truth.givenNames);
        if (truth.nameTruncated) truncated++;
        else {
          const expand = issuingState(person.issuingState).expandsUmlauts;
          expect(`${truth.surname}${truth.givenNames}`.replace(/ /g, "")).toBe(
            transliterate(person.surname + person.givenNames, expand).replace(/</g, ""),
          );
        }
      }
    }
    expect([...traditions].sort()).toEqual([...NAMING_TRADITIONS].sort());
    expect(truncated).toBeGreaterThan(0);
  });

  it("a tampered check digit fails on that check digit (and the composite)", () => {
    const person = randomPerson(createRng("tamper"));
    for (const format of FORMATS) {
      for (const field of ["documentNumber", "birthDate", "expirationDate", "composite"] as const) {
        const mrz = composeMrz(person, format, { tamper: { kind: "check-digit", field } });
        const failing = parse(mrz.lines)
          .details.filter((d) => !d.valid)
          .map((d) => d.field);
        const expected = field === "composite" ? ["compositeCheckDigit"] : [`${field}CheckDigit`, "compositeCheckDigit"];
        expect(failing.sort()).toEqual(expected.sort());
        expect(mrz.tampered?.failingChecks.sort()).toEqual(expected.sort());
      }
    }
  });

  it("a changed document-number character fails its check digit; a same-class change passes every check (false-valid)", () => {
    const rng = createRng("false-valid");
    for (let i = 0; i < 30; i++) {
      const person = randomPerson(rng);
      for (const format of FORMATS) {
        const plain = composeMrz(person, format, { tamper: { kind: "document-number", position: i % 9 } });
        const failing = parse(plain.lines)
          .details.filter((d) => !d.valid)
          .map((d) => d.field);
        expect(failing.sort()).toEqual(["compositeCheckDigit", "documentNumberCheckDigit"]);
        const sneaky = composeMrz(person, format, { tamper: { kind: "document-number", sameClass: true, position: i % 9 } });
        const result = parse(sneaky.lines);
        expect(result.valid).toBe(true);
        expect(result.fields.documentNumber).not.toBe(person.documentNumber);
        expect(sneaky.truth.documentNumber).toBe(person.documentNumber);
      }
    }
  });
});

describe("people", () => {
  it("are the same for the same seed and valid (or expired) on the generator's today", () => {
    expect(randomPerson(createRng(42))).toEqual(randomPerson(createRng(42)));
    expect(randomPerson(createRng(42))).not.toEqual(randomPerson(createRng(43)));
    const rng = createRng("dates");
    for (let i = 0; i < 200; i++) {
      const valid = randomPerson(rng);
      expect(valid.dateOfExpiry > GENERATOR_TODAY && valid.dateOfIssue < GENERATOR_TODAY && valid.dateOfBirth < valid.dateOfIssue).toBe(
        true,
      );
      expect(valid.documentNumber).toMatch(/^[A-Z0-9]{9}$/);
      expect(valid.nationality).not.toBe("UTO");
      const expired = randomPerson(rng, { expired: true });
      expect(expired.dateOfExpiry < GENERATOR_TODAY).toBe(true);
      const address = randomPerson(rng, { withAddress: true }).address;
      expect(address?.postcode).toMatch(/^[A-Z]{1,2}\d[A-Z\d]? \d[ABD-HJLNP-UW-Z]{2}$/);
    }
  });
});

describe("document images and phone captures", () => {
  it("draws a passport page with the MRZ where the truth says, deterministically", async () => {
    const a = await generateIdDocument({ seed: "det", kind: "passport" });
    const b = await generateIdDocument({ seed: "det", kind: "passport" });
    expect(sha(a.image)).toBe(sha(b.image));
    const meta = await sharp(a.image).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["png", 1250, 880]);
    expect(parse(a.truth.mrzLines).valid).toBe(true);
    // The MRZ boxes hold ink (dark pixels) and the band above the first line does not.
    const [first] = a.truth.mrzLineBoxes;
    if (!first) throw new Error("no MRZ box");
    const darkest = async (top: number) => {
      const strip = await sharp(a.image)
        .extract({ left: Math.round(first.x), top: Math.round(top), width: Math.round(first.w), height: Math.round(first.h) })
        .greyscale()
        .raw()
        .toBuffer();
      return Math.min(...strip);
    };
    expect(await darkest(first.y)).toBeLessThan(80);
    expect(await darkest(first.y - 2.2 * first.h)).toBeGreaterThan(120);
    const card = await generateIdDocument({ seed: "det", kind: "national_id", format: "TD1", faceIndex: 5 });
    expect(card.back).toBeDefined();
    expect(card.truth).toMatchObject({ format: "TD1", mrzSide: "back", faceIndex: 5, width: 1027, height: 648 });
  });

  it("photographs a page as a 1600×1200 JPEG with the MRZ at phone-like sizes, deterministically", async () => {
    const doc = await generateIdDocument({ seed: "cap", kind: "passport" });
    const box = doc.truth.mrzLineBoxes[0];
    if (!box) throw new Error("no MRZ box");
    let upsideDown = 0;
    for (const level of ["phone", "hard"] as const) {
      for (let seed = 0; seed < 6; seed++) {
        const capture = await phoneCapture(doc.image, { level, seed, pxPerMm: 10, coverMm: 4 });
        const meta = await sharp(capture.image).metadata();
        expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 1600, 1200]);
        const top = applyHomography(capture.pageToPhoto, box.x + box.w / 2, box.y);
        const bottom = applyHomography(capture.pageToPhoto, box.x + box.w / 2, box.y + box.h);
        const capHeight = Math.hypot(top[0] - bottom[0], top[1] - bottom[1]);
        if (level === "phone") expect(capHeight).toBeGreaterThanOrEqual(16);
        if (level === "phone") expect(capHeight).toBeLessThanOrEqual(30);
        if (level === "hard") expect(capHeight).toBeGreaterThanOrEqual(11);
        if (level === "hard") expect(capHeight).toBeLessThanOrEqual(21);
        for (const [x, y] of capture.corners) expect(x >= 0 && x <= 1600 && y >= 0 && y <= 1200).toBe(true);
        if (capture.upsideDown) upsideDown++;
        expect(Math.abs(capture.angle)).toBeLessThanOrEqual(level === "phone" ? 8 : 20);
      }
    }
    expect(upsideDown).toBeLessThan(6);
    const again = await phoneCapture(doc.image, { level: "phone", seed: 3, pxPerMm: 10, coverMm: 4 });
    expect(sha(again.image)).toBe(sha((await phoneCapture(doc.image, { level: "phone", seed: 3, pxPerMm: 10, coverMm: 4 })).image));
    const flipped = await phoneCapture(doc.image, { level: "hard", seed: 1, upsideDown: true });
    const [tl, , br] = flipped.corners;
    expect(tl && br && tl[1] > br[1]).toBe(true);
  });

  it("caches samples on disk and writes an MJPEG of the frames", async () => {
    const sample = await documentSample("phone", "national_id", "generator-test", 0);
    const again = await documentSample("phone", "national_id", "generator-test", 0);
    expect(sha(again.front)).toBe(sha(sample.front));
    expect(again.truth).toEqual(sample.truth);
    expect(sample.mrzImage.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    if (sample.truth.format === "TD1") expect(sample.back).toBeDefined();
    const file = path.join(await mkdtemp(path.join(tmpdir(), "mjpeg-")), "doc.mjpeg");
    await writeMjpeg([sample.front, sample.mrzImage], file);
    expect((await readFile(file)).length).toBe(sample.front.length + sample.mrzImage.length);
  });
});

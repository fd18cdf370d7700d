import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { compareDescribedFaces } from "@/lib/server/documents/compare-face-photos";
import { findDocumentFace } from "@/lib/server/documents/document-face";

/*
 * The document's face (`document_contains_face`) on real specimen pages (../shared/real-data/
 * documents, read from there). Which pages show a portrait, and whose, was read off the pictures
 * by eye: every page but a bank card (fastmrz-nomrz.jpg) and the back of an Austrian ID card
 * (mrzdetection-id_fail.png); the ICAO "Utopia" pages all show Anna Maria Eriksson, the UK,
 * French and Estonian specimens three other women.
 */
const DIR = path.resolve("../shared/real-data/documents");
const WITHOUT_PORTRAIT = ["fastmrz-nomrz.jpg", "mrzdetection-id_fail.png"];
const NOT_UTOPIA = ["fastmrz-passport_uk.jpg", "mrzdetection-id1.jpg", "mrzdetection-id2.jpg"];

describe("the document's face on real specimen pages", () => {
  it("is found on every page with a portrait and on no other; one specimen person's pages match, different people's do not pass", async () => {
    const files = readdirSync(DIR)
      .filter((f) => /\.(jpe?g|png)$/i.test(f))
      .sort();
    expect(files.length).toBeGreaterThanOrEqual(14);
    const found = new Map<string, number[]>();
    for (const file of files) {
      const face = await findDocumentFace(readFileSync(path.join(DIR, file)));
      expect(face !== null, file).toBe(!WITHOUT_PORTRAIT.includes(file));
      if (face) found.set(file, face.embedding);
    }
    const utopia = [...found.keys()].filter((f) => !NOT_UTOPIA.includes(f));
    for (const [i, a] of utopia.entries()) {
      for (const b of utopia.slice(i + 1)) expect(compareDescribedFaces(found.get(a)!, found.get(b)!).band, `${a} ~ ${b}`).toBe("pass");
    }
    for (const a of [...found.keys()]) {
      for (const b of NOT_UTOPIA)
        if (a !== b) expect(compareDescribedFaces(found.get(a)!, found.get(b)!).band, `${a} ~ ${b}`).not.toBe("pass");
    }
  }, 180_000);
});

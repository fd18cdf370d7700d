import { readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "csv-parse/sync";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { compareDescribedFaces, describeFacePhoto } from "@/lib/server/documents/compare-face-photos";
import { FACE_MATCH_PASS, FACE_MATCH_REVIEW } from "@/lib/server/documents/face-match";
import { locateFace } from "@/lib/server/faces/embed-face";

/*
 * Real photographs of real people (../shared/real-data/faces-deepface, serengil/deepface's test
 * set): the first rows of pairs.csv of each kind, compared as compare-faces and the selfie step
 * do. What each pair is comes from the CSV's Decision column, never from this code: the same
 * person must not be refused (pass, or at worst review: deepface's third pair is one woman ~20
 * years apart), and no two different people may pass or wait for review.
 */
const DIR = path.resolve("../shared/real-data/faces-deepface");
const rows = parse(readFileSync(path.join(DIR, "pairs.csv")), { columns: true }) as { file_x: string; file_y: string; Decision: string }[];
const SAME = rows.filter((r) => r.Decision === "Yes").slice(0, 5);
const DIFFERENT = rows.filter((r) => r.Decision === "No").slice(0, 5);

async function compare(x: string, y: string) {
  const a = await describeFacePhoto(readFileSync(path.join(DIR, x)), "document");
  const b = await describeFacePhoto(readFileSync(path.join(DIR, y)), "selfie");
  if (!a.ok || !b.ok) throw new Error(`${x} ~ ${y}: ${(!a.ok ? a : (b as { ok: false; error: { message: string } })).error.message}`);
  return compareDescribedFaces(a.value, b.value);
}

describe("faces on real photographs (deepface pairs)", () => {
  it("passes the same person's two photographs (at most one to review, none refused)", async () => {
    expect(SAME).toHaveLength(5);
    const bands = [];
    for (const pair of SAME) bands.push({ pair: `${pair.file_x}~${pair.file_y}`, ...(await compare(pair.file_x, pair.file_y)) });
    console.log("same person:", bands.map((b) => `${b.pair} ${b.score.toFixed(3)} ${b.band}`).join(", "));
    for (const b of bands) expect(b.band, b.pair).not.toBe("fail");
    expect(bands.filter((b) => b.band === "pass").length).toBeGreaterThanOrEqual(4);
  }, 180_000);

  it("fails two different people", async () => {
    expect(DIFFERENT).toHaveLength(5);
    for (const pair of DIFFERENT) {
      const { score, band } = await compare(pair.file_x, pair.file_y);
      expect(band, `${pair.file_x}~${pair.file_y} ${score.toFixed(3)}`).toBe("fail");
    }
  }, 180_000);
});

describe("a face that fills the picture (a tight crop, as a document's portrait often is)", () => {
  it("is found and compares as the whole photograph does: no_face on a picture of a face is a bug", async () => {
    for (const pair of SAME.slice(0, 3)) {
      const photo = readFileSync(path.join(DIR, pair.file_x));
      const located = await locateFace(photo);
      if (!located.ok) throw new Error(`${pair.file_x}: ${located.error.message}`);
      const [x, y, w, h] = located.value.box;
      const [width, height] = located.value.imageSize;
      // The detector's own box, nothing around it, at the size of a 125 px crop of a face set.
      const left = Math.max(0, x);
      const top = Math.max(0, y);
      const tight = await sharp(photo)
        .rotate()
        .extract({ left, top, width: Math.min(w, width - left), height: Math.min(h, height - top) })
        .resize(125, 125, { fit: "fill" })
        .jpeg({ quality: 92 })
        .toBuffer();
      const whole = await compare(pair.file_x, pair.file_y);
      const asDocument = await describeFacePhoto(tight, "document");
      const asSelfie = await describeFacePhoto(tight, "selfie");
      expect(asDocument.ok && asSelfie.ok, `${pair.file_x} cut to its face`).toBe(true);
      const other = await describeFacePhoto(readFileSync(path.join(DIR, pair.file_y)), "selfie");
      if (!asDocument.ok || !other.ok) continue;
      // Within 0.05 of a band's line the crop may land on its other side (the bands sit at measured
      // rates, not above every genuine pair); never two bands away.
      const cut = compareDescribedFaces(asDocument.value, other.value);
      const nearLine = [FACE_MATCH_PASS, FACE_MATCH_REVIEW].some((line) => Math.abs(whole.score - line) < 0.05);
      const bands = ["fail", "review", "pass"];
      const label = `${pair.file_x} cut to its face ~ ${pair.file_y}: ${cut.score.toFixed(3)} (${whole.score.toFixed(3)} whole)`;
      if (nearLine) expect(Math.abs(bands.indexOf(cut.band) - bands.indexOf(whole.band)), label).toBeLessThanOrEqual(1);
      else expect(cut.band, label).toBe(whole.band);
    }
  }, 180_000);
});

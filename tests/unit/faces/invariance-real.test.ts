import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { compareDescribedFaces, describeFacePhoto, type FacePhotoRole } from "@/lib/server/documents/compare-face-photos";
import { FACE_MATCH_PASS } from "@/lib/server/documents/face-match";
import { loadFaceModels } from "@/lib/server/faces/load-human";
import { transformPhoto, uprightPhoto, type FaceTransformName } from "@/tests/support/face-transforms";
import { DEEPFACE_DIR, deepfacePairs } from "@/tests/support/real-faces";

/*
 * Issue 34, item 3, on a small sample (the full set: `npm run bench:faces:invariance`): a real photo
 * made greyscale, saved at JPEG quality 40 or rolled ±15° is still the same face. The first three
 * same-person rows of deepface's pairs.csv are compared as the product compares them (first column
 * as the document's face, second as the selfie), each side transformed in turn: a pair that passes
 * as photographed must still pass. The different-person rows of pairs.csv among the same photos
 * must never pass, transformed or not. Expected bands come from the original pair at run time and
 * from the CSV's Decision column, never from scores written here. A pair that passes within
 * CLEAR of the pass line (the band sits at a measured false-match rate, not above every genuine
 * pair) may drop to review when transformed, never to fail; one clear of it must stay in pass.
 */
const CLEAR = 0.05;
const TRANSFORMS: FaceTransformName[] = ["greyscale", "jpeg 40", "roll +15°", "roll −15°"];
const rows = deepfacePairs();
const SAME = rows.filter((r) => r.Decision === "Yes").slice(0, 3);
const xs = new Set(SAME.map((r) => r.file_x));
const ys = new Set(SAME.map((r) => r.file_y));
const DIFFERENT = rows.filter((r) => r.Decision === "No" && xs.has(r.file_x) && ys.has(r.file_y));

const faces = new Map<string, number[]>();
const face = (file: string, role: FacePhotoRole, transform: FaceTransformName | "original") => {
  const found = faces.get(`${file}|${role}|${transform}`);
  if (!found) throw new Error(`${file} as ${role} (${transform}) was not described`);
  return found;
};

beforeAll(async () => {
  await loadFaceModels();
  const roles: [string, FacePhotoRole][] = [
    ...[...xs].map((f): [string, FacePhotoRole] => [f, "document"]),
    ...[...ys].map((f): [string, FacePhotoRole] => [f, "selfie"]),
  ];
  for (const [file, role] of roles) {
    const image = readFileSync(path.join(DEEPFACE_DIR, file));
    const upright = await uprightPhoto(image);
    for (const transform of ["original", ...TRANSFORMS] as const) {
      const input = transform === "original" ? image : await transformPhoto(upright, transform);
      const result = input ? await describeFacePhoto(input, role) : null;
      if (result?.ok) faces.set(`${file}|${role}|${transform}`, result.value);
    }
  }
}, 120_000);

describe("the face match on real photographs made greyscale, JPEG 40 or rolled ±15°", () => {
  it("keeps a same-person pair that passes as photographed in the pass band", () => {
    expect(SAME).toHaveLength(3);
    const passing = SAME.filter(
      (p) => compareDescribedFaces(face(p.file_x, "document", "original"), face(p.file_y, "selfie", "original")).band === "pass",
    );
    expect(passing.length, "some pair passes as photographed (else nothing is checked)").toBeGreaterThan(0);
    for (const p of passing) {
      const original = compareDescribedFaces(face(p.file_x, "document", "original"), face(p.file_y, "selfie", "original")).score;
      const kept = original >= FACE_MATCH_PASS + CLEAR ? ["pass"] : ["pass", "review"];
      for (const transform of TRANSFORMS) {
        const documentSide = compareDescribedFaces(face(p.file_x, "document", transform), face(p.file_y, "selfie", "original"));
        const selfieSide = compareDescribedFaces(face(p.file_x, "document", "original"), face(p.file_y, "selfie", transform));
        expect(
          kept,
          `${p.file_x} (${transform}) ~ ${p.file_y}: ${documentSide.score.toFixed(3)} (${original.toFixed(3)} as photographed)`,
        ).toContain(documentSide.band);
        expect(
          kept,
          `${p.file_x} ~ ${p.file_y} (${transform}): ${selfieSide.score.toFixed(3)} (${original.toFixed(3)} as photographed)`,
        ).toContain(selfieSide.band);
      }
    }
  });

  it("never passes two different people, either side transformed", () => {
    expect(DIFFERENT.length).toBeGreaterThanOrEqual(2);
    for (const p of DIFFERENT) {
      for (const [documentTransform, selfieTransform] of [
        ["original", "original"],
        ...TRANSFORMS.flatMap((t) => [
          [t, "original"],
          ["original", t],
        ]),
      ] as [FaceTransformName | "original", FaceTransformName | "original"][]) {
        const { score, band } = compareDescribedFaces(
          face(p.file_x, "document", documentTransform),
          face(p.file_y, "selfie", selfieTransform),
        );
        expect(band, `${p.file_x} (${documentTransform}) ~ ${p.file_y} (${selfieTransform}): ${score.toFixed(3)}`).not.toBe("pass");
      }
    }
  });
});

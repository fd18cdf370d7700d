// Presentation attacks on stills (issue 34, item 5): what the selfie judge's passive signals say of
// the four samples in ../shared/real-data/pad/ (minivision-ai/Silent-Face-Anti-Spoofing: T1, T2
// genuine captures; F1 a printed photo recaptured; F2 a photo shown on a tablet).
// The passive signals are measure-frame.ts's, run as the judge runs them on a described frame:
// Human's anti-spoof model (`real`) and liveness model (`live`), 0–1, higher = more like a live
// face; the judge averages them per frame into `antispoof`, a soft term (0.2 of the liveness
// score) that never decides the status. Also shown: faces found, brightness, the face's turn.
// Orientation: F1, F2 and T1 are stored sideways (640×480) with EXIF orientation 6; T2 is stored
// upright (orientation 1). The product honours EXIF (decodeFrame: sharp's rotate()), so "as sent"
// is what the judge sees; "EXIF dropped" is the sensor's pixels as they are stored, as a client
// that strips the tag would send them, to show how much the signals depend on the turn.
// Last, judgeSelfie on each still sent as every frame of a real three-step challenge: a still
// cannot follow a challenge, so this shows the active check, not the passive one.
//   npx tsx tests/bench/faces-pad.ts   (also the last tuning section of bench:faces:invariance)
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { loadFaceModels } from "@/lib/server/faces/load-human";
import { createChallenge, SELFIE_FRAME_INTERVAL_MS, SELFIE_LEAD_IN_MS, SELFIE_STEP_MS } from "@/lib/server/liveness/challenge";
import { judgeSelfie } from "@/lib/server/liveness/judge-selfie";
import { measureFrame } from "@/lib/server/liveness/measure-frame";
import { table } from "./faces-shared";

const PAD_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../shared/real-data/pad");
const KIND: Record<string, string> = { T1: "genuine", T2: "genuine", F1: "printed photo, recaptured", F2: "photo on a tablet" };
const f2 = (v: number | null | undefined) => (v === null || v === undefined ? "–" : v.toFixed(2));

/** One row per still and orientation; returned for the JSON report. */
export async function padReport(): Promise<Record<string, unknown>[]> {
  await loadFaceModels();
  const files = readdirSync(PAD_DIR)
    .filter((f) => /\.(jpe?g|png)$/i.test(f))
    .sort();
  console.log(`\n## Presentation attacks on stills (${PAD_DIR}): the judge's passive signals`);
  const rows: string[][] = [];
  const results: Record<string, unknown>[] = [];
  for (const file of files) {
    const id = /image_(\w+)\./.exec(file)?.[1] ?? file;
    const sent = readFileSync(path.join(PAD_DIR, file));
    const meta = await sharp(sent).metadata();
    // sharp writes no EXIF unless asked and turns nothing without rotate(): the stored pixels, untagged.
    const stripped = await sharp(sent).jpeg({ quality: 95 }).toBuffer();
    const variants: [string, Buffer][] = [[`as sent (EXIF ${meta.orientation ?? 1})`, sent]];
    if ((meta.orientation ?? 1) !== 1) variants.push(["EXIF dropped (sideways)", stripped]);
    for (const [orientation, image] of variants) {
      const m = await measureFrame(image, { embed: true, iris: true, spoof: true });
      const face = m?.face;
      const antispoof = face && face.real !== null ? (face.real + (face.live ?? 0)) / 2 : null;
      rows.push([
        `${id} ${KIND[id] ?? ""}`,
        orientation,
        `${m?.width ?? "?"}×${m?.height ?? "?"}`,
        String(m?.faces ?? "–"),
        face ? String(face.box[2]) : "–",
        f2(face?.real),
        f2(face?.live),
        f2(antispoof),
        m ? m.brightness.toFixed(0) : "–",
        face ? `${face.yaw.toFixed(0)}°/${face.pitch.toFixed(0)}°` : "–",
      ]);
      results.push({ file, kind: KIND[id], orientation, faces: m?.faces, real: face?.real, live: face?.live, antispoof });
    }
  }
  table(["still", "orientation", "frame", "faces", "face px", "real", "live", "antispoof", "luma", "yaw/pitch"], rows);
  console.log(
    "real/live: Human's anti-spoof and liveness models, 0–1 (higher = judged live); antispoof = their mean, the judge's soft term",
  );

  console.log("\nthe same stills sent as every frame of a three-step challenge (judgeSelfie; the active check):");
  for (const file of files) {
    const image = readFileSync(path.join(PAD_DIR, file));
    const challenge = createChallenge();
    const frames = [];
    for (let step = -1; step < challenge.length; step++) {
      const from = step < 0 ? 0 : SELFIE_LEAD_IN_MS + step * SELFIE_STEP_MS;
      const until = step < 0 ? SELFIE_LEAD_IN_MS : from + SELFIE_STEP_MS;
      // Every second frame only: a still's frames are all alike, and the judge measures every second one of a turn anyway.
      for (let t = from; t < until; t += 2 * SELFIE_FRAME_INTERVAL_MS) frames.push({ t, step, image });
    }
    const judged = await judgeSelfie({ challenge, frames });
    console.log(
      `  ${file}: liveness ${judged.liveness.status} (score ${judged.liveness.score}); antispoof ${f2(judged.details.antispoof)}; ` +
        `reasons: ${judged.liveness.reasons.join("; ") || "none"}`,
    );
    results.push({ file, challenge, liveness: judged.liveness, antispoof: judged.details.antispoof });
  }
  return results;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  padReport().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}

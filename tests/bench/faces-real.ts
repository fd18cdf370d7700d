// Faces on real photographs of public figures, every pair the shared sets list, per source:
//   deepface          ../shared/real-data/faces-deepface/pairs.csv (serengil/deepface's master.csv:
//                     38 same-person pairs, 262 different-person pairs; columns file_x,file_y,Decision)
//   face_recognition  ../shared/real-data/faces-2/pairs.csv, the pairs between photos of the
//                     `face_recognition__` people (press photos; 14 same, 77 different)
//   LFW (held apart)  the same pairs.csv, every pair with a photo of the 7 `wall-e-robot__` people
//                     (125 px tight crops from Labeled Faces in the Wild; 70 same, 1,015 different).
//                     Nothing was tuned on them (issue 34, item 4): without SHOW_HELD_APART=1 they
//                     are counted, not described; with it they are reported in a section of their own.
// faces-2's columns are file_x,file_y,same (paths relative to faces-2/).
//   1. models:   load time and resident memory of the face models.
//   2. describe: each photo described as a document portrait (first column of the pair) and as a
//                selfie (second column), exactly as compare-faces / the hosted step do; ms per photo,
//                and the descriptor alone (the 68 landmarks, dlib's chip and the ResNet-34, the mesh given).
//   3. bands:    per source, same-person and different-person pairs in the pass / review / fail
//                bands of documents/face-match.ts, pairs not compared (and why), the score
//                distributions, TAR at FMR 1e-2 / 1e-3 where the source has enough impostor pairs,
//                the pass threshold's measured FMR with its 95 % upper bound.
//   4. network:  selfie-against-selfie scores against the network's FACE_MATCH_THRESHOLD.
//   5. size:     deepface's same-person pairs again, the selfie shrunk until its face is W pixels
//                wide (for FACE_MIN_SIDE, embed-face.ts).
//   6. tight:    deepface's photos cut to their face's box (and 1.2 × it) in greyscale, and 1.1 × it in
//                colour shrunk to 125 px (faces-2's LFW crops' size, made from photos tuned on), all pairs again.
//   7. held apart (SHOW_HELD_APART=1): section 3 and 4 for the LFW source.
// The bands themselves are placed on a larger population by bench:faces:population.
//   npm run bench:faces:real   (QUICK=1 skips sections 5 and 6; BENCH_FACES_REAL_DIR reads one other
//   folder with a pairs.csv instead, as one source)
import { readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "csv-parse/sync";
import sharp from "sharp";
import { compareDescribedFaces, describeFacePhoto, type FacePhotoRole } from "@/lib/server/documents/compare-face-photos";
import { FACE_MATCH_PASS, FACE_MATCH_REVIEW } from "@/lib/server/documents/face-match";
import { FACE_MATCH_THRESHOLD, faceSimilarity } from "@/lib/server/faces/compare-faces";
import { describeFace, FACE_MODEL, findLandmarks, loadDescriptorNets } from "@/lib/server/faces/describe-face";
import { decodeFacePicture, embedFace, FACE_MIN_SIDE } from "@/lib/server/faces/embed-face";
import { loadFaceModels, withHuman } from "@/lib/server/faces/load-human";
import { decodeConvertingFirst } from "../support/faces";
import { ms, pct, table, tarAtFmr, timed, upperBound95 } from "./faces-shared";
import { describeMachineReference, measureMachineReference } from "./machine-reference";

const SHARED = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../shared/real-data");
/** faces-2's LFW people: held apart from every choice made on faces (issue 34, item 4). */
const HELD_APART = /(^|\/)wall-e-robot__/;
const SHOW_HELD_APART = process.env.SHOW_HELD_APART === "1";
const QUICK = process.env.QUICK === "1";

type Source = "deepface" | "face_recognition" | "LFW (held apart)" | string;
interface Pair {
  /** Absolute paths. */
  x: string;
  y: string;
  same: boolean;
  source: Source;
}

const mb = () => Math.round(process.memoryUsage().rss / 2 ** 20);
const f3 = (v: number) => v.toFixed(3);
const share = (n: number, of: number) => `${n}/${of} (${((100 * n) / Math.max(1, of)).toFixed(1)} %)`;
const short = (file: string) => path.relative(SHARED, file);

function readPairs(dir: string, sourceOf: (x: string, y: string) => Source): Pair[] {
  const rows = parse(readFileSync(path.join(dir, "pairs.csv")), { columns: true, skip_empty_lines: true }) as Record<string, string>[];
  return rows.map((row) => {
    // deepface's master.csv says Decision Yes/No; faces-2's pairs.csv says same 1/0.
    const same = row.Decision !== undefined ? row.Decision === "Yes" : row.same === "1";
    return { x: path.join(dir, row.file_x!), y: path.join(dir, row.file_y!), same, source: sourceOf(row.file_x!, row.file_y!) };
  });
}

function allPairs(): Pair[] {
  const other = process.env.BENCH_FACES_REAL_DIR;
  if (other) return readPairs(path.resolve(other), () => path.basename(path.resolve(other)));
  return [
    ...readPairs(path.join(SHARED, "faces-deepface"), () => "deepface"),
    ...readPairs(path.join(SHARED, "faces-2"), (x, y) =>
      HELD_APART.test(x) || HELD_APART.test(y) ? "LFW (held apart)" : "face_recognition",
    ),
  ];
}

type Described = number[] | string;

async function main() {
  const pairs = allPairs();
  const held = pairs.filter((p) => p.source === "LFW (held apart)");
  const tuning = pairs.filter((p) => p.source !== "LFW (held apart)");
  const sources = [...new Set(tuning.map((p) => p.source))];
  console.log(`# Faces on real photographs (${FACE_MODEL}; pass ≥ ${FACE_MATCH_PASS}, review ≥ ${FACE_MATCH_REVIEW})`);
  console.log(
    `node ${process.version}, ${os.cpus().length} CPUs, load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );
  for (const source of sources) {
    const list = tuning.filter((p) => p.source === source);
    console.log(
      `${source}: ${list.filter((p) => p.same).length} same-person pairs, ${list.filter((p) => !p.same).length} different-person pairs`,
    );
  }
  if (held.length)
    console.log(
      `LFW (held apart): ${held.filter((p) => p.same).length} same-person pairs, ${held.filter((p) => !p.same).length} different-person pairs${SHOW_HELD_APART ? "" : " — not described (SHOW_HELD_APART=1 to measure them)"}`,
    );

  console.log("\n## 1. Models");
  const before = mb();
  const [, loadMs] = await timed(() => loadFaceModels());
  console.log(`load: ${ms(loadMs)} ms; resident memory ${before} MB before, ${mb()} MB after`);

  console.log("\n## 2. Describing each photo (document role = first column of a pair, selfie role = second)");
  const referenceBefore = await measureMachineReference();
  const described = new Map<string, Described>();
  const roleTimes = new Map<FacePhotoRole, number[]>([
    ["document", []],
    ["selfie", []],
  ]);
  const describeAll = async (list: Pair[], roles: [FacePhotoRole, (p: Pair) => string][]) => {
    for (const [role, pick] of roles)
      for (const file of new Set(list.map(pick))) {
        if (described.has(`${role}:${file}`)) continue;
        const image = readFileSync(file);
        const [result, t] = await timed(() => describeFacePhoto(image, role));
        roleTimes.get(role)!.push(t);
        described.set(`${role}:${file}`, result.ok ? result.value : (result.error.code ?? result.error.message));
      }
  };
  await describeFacePhoto(readFileSync(tuning[0]!.x), "selfie"); // warm-up: the first run compiles kernels
  const documentAndSelfie: [FacePhotoRole, (p: Pair) => string][] = [
    ["document", (p) => p.x],
    ["selfie", (p) => p.y],
  ];
  await describeAll(tuning, documentAndSelfie);
  const all = [...roleTimes.values()].flat();
  console.log(
    `${all.length} photos described: p50 ${ms(pct(all, 50))} ms, p95 ${ms(pct(all, 95))} ms, max ${ms(Math.max(...all))} ms; resident memory ${mb()} MB`,
  );
  for (const [role, list] of roleTimes)
    console.log(
      `  as ${role}: ${list.length} photos, p50 ${ms(pct(list, 50))} ms, p95 ${ms(pct(list, 95))} ms${role === "document" ? " (two passes: find the face, then describe twice its box from the full picture)" : " (decode, detect, mesh, describe)"}`,
    );
  const { all: descriptorTimes, landmarks: landmarkTimes } = await timeDescriptor([...new Set(tuning.flatMap((p) => [p.x, p.y]))]);
  console.log(
    `  the descriptor alone (68 landmarks, dlib's chip, the ResNet-34), ${descriptorTimes.length} faces: p50 ${ms(pct(descriptorTimes, 50))} ms, p95 ${ms(pct(descriptorTimes, 95))} ms, max ${ms(Math.max(...descriptorTimes))} ms; of it the 68 landmarks p50 ${ms(pct(landmarkTimes, 50))} ms, p95 ${ms(pct(landmarkTimes, 95))} ms`,
  );
  await timeDecoding([...new Set(tuning.flatMap((p) => [p.x, p.y]))]);
  // One pass's p95 of 37 photos is its second slowest photo, and on a shared VM one pass moves it by
  // tens of ms: each selfie photo described three times more, its median time kept.
  const medians: number[] = [];
  for (const file of new Set(tuning.map((p) => p.y))) {
    const image = readFileSync(file);
    const runs: number[] = [];
    for (let i = 0; i < 3; i++) runs.push((await timed(() => describeFacePhoto(image, "selfie")))[1]);
    medians.push(runs.sort((a, b) => a - b)[1]!);
  }
  console.log(
    `  as selfie, each photo's median of 3 more runs: p50 ${ms(pct(medians, 50))} ms, p95 ${ms(pct(medians, 95))} ms, max ${ms(Math.max(...medians))} ms`,
  );
  const referenceAfter = await measureMachineReference();
  const unit = (referenceBefore.onnxMs + referenceAfter.onnxMs) / 2;
  const selfie = roleTimes.get("selfie")!;
  console.log(`  ${describeMachineReference(referenceBefore, referenceAfter)}`);
  console.log(
    `  as selfie in reference runs (${unit.toFixed(1)} ms): one pass p50 ${(pct(selfie, 50) / unit).toFixed(2)}, p95 ${(pct(selfie, 95) / unit).toFixed(2)}; median of 3 p50 ${(pct(medians, 50) / unit).toFixed(2)}, p95 ${(pct(medians, 95) / unit).toFixed(2)}`,
  );
  for (const [key, reason] of described)
    if (typeof reason === "string") console.log(`  not described: ${short(key.replace(/^\w+:/, ""))} as ${key.split(":")[0]}: ${reason}`);

  console.log(`\n## 3. Bands per source (pass ≥ ${FACE_MATCH_PASS}, review ≥ ${FACE_MATCH_REVIEW}, else fail)`);
  for (const source of sources)
    bands(
      source,
      tuning.filter((p) => p.source === source),
      described,
    );
  if (sources.length > 1) bands("all tuning sources (listed pairs only)", tuning, described);

  console.log(`\n## 4. Network search threshold (FACE_MATCH_THRESHOLD ${FACE_MATCH_THRESHOLD}; both photos described as selfies)`);
  await describeAll(tuning, [
    ["selfie", (p) => p.x],
    ["selfie", (p) => p.y],
  ]);
  const networkRows = sources.map((source) =>
    network(
      source,
      tuning.filter((p) => p.source === source),
      described,
    ),
  );
  table(["pairs", "same person linked", "lowest same", "different people linked", "highest different"], networkRows);

  if (!QUICK && !process.env.BENCH_FACES_REAL_DIR) {
    const deepface = tuning.filter((p) => p.source === "deepface");
    await sizes(deepface, described);
    await tight(deepface);
  }

  if (held.length && SHOW_HELD_APART) {
    console.log("\n## 7. HELD APART: faces-2's LFW people (wall-e-robot__*, 125 px crops), and their pairs with face_recognition's");
    console.log("No choice was made on these pairs: measured against the bands as they are.");
    await describeAll(held, documentAndSelfie);
    for (const [key, reason] of described)
      if (typeof reason === "string" && HELD_APART.test(key))
        console.log(`  not described: ${short(key.replace(/^\w+:/, ""))} as ${key.split(":")[0]}: ${reason}`);
    bands("LFW (held apart)", held, described);
    bands(
      "  LFW people with each other",
      held.filter((p) => HELD_APART.test(p.x) && HELD_APART.test(p.y)),
      described,
    );
    await describeAll(held, [
      ["selfie", (p) => p.x],
      ["selfie", (p) => p.y],
    ]);
    table(
      ["pairs", "same person linked", "lowest same", "different people linked", "highest different"],
      [network("LFW (held apart)", held, described)],
    );
  }
}

/** Section 3 for one list of pairs. */
function bands(label: string, list: Pair[], described: Map<string, Described>) {
  const scored = list.flatMap((p) => {
    const a = described.get(`document:${p.x}`);
    const b = described.get(`selfie:${p.y}`);
    return typeof a === "object" && typeof b === "object" ? [{ ...p, ...compareDescribedFaces(a, b) }] : [];
  });
  const same = scored.filter((p) => p.same);
  const different = scored.filter((p) => !p.same);
  const sameTotal = list.filter((p) => p.same).length;
  const differentTotal = list.length - sameTotal;
  console.log(`\n### ${label}: ${sameTotal} same-person pairs, ${differentTotal} different-person pairs`);
  const count = (l: typeof scored, band: string) => l.filter((p) => p.band === band).length;
  const row = (name: string, l: typeof scored, total: number) => [
    name,
    share(count(l, "pass"), total),
    share(count(l, "review"), total),
    share(count(l, "fail"), total),
    String(total - l.length),
  ];
  table(
    ["pairs", "pass", "review", "fail", "not compared"],
    [row("same person", same, sameTotal), row("different people", different, differentTotal)],
  );
  const reasons = new Map<string, number>();
  for (const p of list) {
    const a = described.get(`document:${p.x}`);
    const b = described.get(`selfie:${p.y}`);
    for (const reason of [a, b]) if (typeof reason === "string") reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
  }
  if (reasons.size) console.log(`not compared because: ${[...reasons].map(([r, n]) => `${r} ×${n}`).join(", ")}`);
  const dist = (name: string, values: number[]) =>
    values.length
      ? [name, String(values.length), ...[0, 5, 25, 50, 75, 95, 100].map((q) => f3(q === 0 ? Math.min(...values) : pct(values, q)))]
      : [name, "0", "", "", "", "", "", "", ""];
  const sameScores = same.map((p) => p.score);
  const differentScores = different.map((p) => p.score);
  table(
    ["scores", "n", "min", "p5", "p25", "p50", "p75", "p95", "max"],
    [dist("same person", sameScores), dist("different people", differentScores)],
  );
  for (const fmr of [1e-2, 1e-3]) {
    const at = tarAtFmr(sameScores, differentScores, fmr);
    console.log(
      at
        ? `TAR at FMR ${fmr}: ${share(at.accepted, sameTotal)} (threshold > ${f3(at.threshold)})`
        : `TAR at FMR ${fmr}: not measurable (${differentScores.length} different-person pairs < ${Math.round(1 / fmr)})`,
    );
  }
  const falseMatches = count(different, "pass");
  if (different.length)
    console.log(
      `pass threshold ${FACE_MATCH_PASS}: FMR measured ${falseMatches}/${different.length}, 95 % upper bound ${upperBound95(falseMatches, different.length).toExponential(2)}`,
    );
  const lowest = [...same].sort((a, b) => a.score - b.score).slice(0, 4);
  const highest = [...different].sort((a, b) => b.score - a.score).slice(0, 4);
  if (lowest.length) console.log(`lowest same-person: ${lowest.map((p) => `${f3(p.score)} ${short(p.x)}~${short(p.y)}`).join("; ")}`);
  if (highest.length)
    console.log(`highest different-person: ${highest.map((p) => `${f3(p.score)} ${short(p.x)}~${short(p.y)}`).join("; ")}`);
  for (const p of same.filter((q) => q.band !== "pass"))
    console.log(`  same person not in pass: ${short(p.x)} ~ ${short(p.y)} ${f3(p.score)} (${p.band})`);
  for (const p of different.filter((q) => q.band === "pass"))
    console.log(`  DIFFERENT PEOPLE IN PASS: ${short(p.x)} ~ ${short(p.y)} ${f3(p.score)}`);
}

/** Section 4's row for one list of pairs. */
function network(label: string, list: Pair[], described: Map<string, Described>): string[] {
  const scored = list.flatMap((p) => {
    const a = described.get(`selfie:${p.x}`);
    const b = described.get(`selfie:${p.y}`);
    return typeof a === "object" && typeof b === "object" ? [{ ...p, score: faceSimilarity(a, b) }] : [];
  });
  const same = scored.filter((p) => p.same).map((p) => p.score);
  const different = scored.filter((p) => !p.same).map((p) => p.score);
  const linked = (l: number[]) => l.filter((s) => s >= FACE_MATCH_THRESHOLD).length;
  return [
    label,
    share(linked(same), same.length),
    same.length ? f3(Math.min(...same)) : "",
    share(linked(different), different.length),
    different.length ? f3(Math.max(...different)) : "",
  ];
}

/**
 * The descriptor's own time (describe-face.ts: the 68 landmarks, the chip cut by the similarity transform and the
 * ResNet-34 run on it), the mesh found beforehand: what describing a face costs beyond finding it.
 */
async function timeDescriptor(files: string[]): Promise<{ all: number[]; landmarks: number[] }> {
  const times: number[] = [];
  const landmarkTimes: number[] = [];
  for (const file of files) {
    const { data, width, height } = await decodeFacePicture(readFileSync(file));
    await withHuman(async (human) => {
      const saved = structuredClone(human.config);
      const nets = await loadDescriptorNets(human.tf);
      const input = human.tf.tensor3d(new Uint8Array(data.buffer, data.byteOffset, data.byteLength), [height, width, 3], "int32");
      try {
        const face = { detector: { rotation: false }, mesh: { enabled: true }, description: { enabled: false } };
        const found = (await human.detect(input, { face } as Parameters<typeof human.detect>[1])).face;
        const largest = [...found].sort((a, b) => b.box[2] * b.box[3] - a.box[2] * a.box[3])[0];
        if (!largest) return;
        const [, t] = await timed(() => describeFace(human.tf, nets, input, largest.mesh));
        times.push(t);
        // The landmark network's share of it, run again on its own.
        landmarkTimes.push((await timed(() => findLandmarks(human.tf, nets, input, largest.mesh)))[1]);
      } finally {
        human.tf.dispose(input);
        human.config = saved;
      }
    });
  }
  return { all: times, landmarks: landmarkTimes };
}

/**
 * Decoding a photo for the face pipeline (embed-face.ts decodeFacePicture: a picture with a colour
 * profile converted to sRGB after the shrink to FACE_MAX_SIDE) against the baseline, in the same
 * run: sharp converting the full-size picture through its profile and then shrinking it.
 */
async function timeDecoding(files: string[]) {
  const times = { now: [] as number[], before: [] as number[] };
  let profiled = 0;
  for (const file of files) {
    const image = readFileSync(file);
    if ((await sharp(image).metadata()).icc) profiled++;
    // Alternated, each twice, the second timed: neither way gets a warmer cache than the other.
    const ways: ["before" | "now", () => Promise<unknown>][] = [
      ["before", () => decodeConvertingFirst(image)],
      ["now", () => decodeFacePicture(image)],
    ];
    for (const [way, run] of ways) {
      await run();
      times[way].push((await timed(run))[1]);
    }
  }
  const total = (list: number[]) => list.reduce((a, b) => a + b, 0);
  console.log(
    `  decoding (${files.length} photos, ${profiled} with a colour profile): p50 ${ms(pct(times.now, 50))} ms, p95 ${ms(pct(times.now, 95))} ms; converting the full picture first (before) p50 ${ms(pct(times.before, 50))} ms, p95 ${ms(pct(times.before, 95))} ms; total now ÷ before ${(total(times.now) / total(times.before)).toFixed(2)}`,
  );
}

/** Section 5: deepface's same-person pairs, the selfie shrunk until its face is W px wide. */
async function sizes(deepface: Pair[], described: Map<string, Described>) {
  console.log(
    `\n## 5. Face size (deepface's same-person pairs, the selfie shrunk until the face is W px wide; described regardless of FACE_MIN_SIDE ${FACE_MIN_SIDE})`,
  );
  const sizeRows: string[][] = [];
  for (const width of [24, 32, 40, 48, 64, 96]) {
    const tally = { pass: 0, review: 0, fail: 0, none: 0 };
    for (const p of deepface.filter((q) => q.same)) {
      const documentFace = described.get(`document:${p.x}`);
      const image = readFileSync(p.y);
      const full = await embedFace(image, { minSide: 0 });
      if (typeof documentFace !== "object" || !full.ok) continue;
      const { width: imageWidth } = await sharp(image).rotate().metadata();
      const small = await sharp(image)
        .rotate()
        .resize(Math.max(16, Math.round(((imageWidth ?? 0) * width) / full.value.box[2])))
        .jpeg({ quality: 90 })
        .toBuffer();
      const shrunk = await embedFace(small, { minSide: 0 });
      if (!shrunk.ok) tally.none++;
      else tally[compareDescribedFaces(documentFace, shrunk.value.embedding).band]++;
    }
    const n = tally.pass + tally.review + tally.fail + tally.none;
    sizeRows.push([`${width} px`, share(tally.pass, n), share(tally.review, n), share(tally.fail, n), share(tally.none, n)]);
  }
  table(["face width", "pass", "review", "fail", "no face found"], sizeRows);
}

/** Section 6: deepface's photos cut tight (see the variants), all pairs again. */
async function tight(deepface: Pair[]) {
  console.log(
    "\n## 6. Tight crops (deepface's photos cut to their face's box, or 1.2 × it, in greyscale; and 1.1 × it in colour shrunk to 125 px, as faces-2's LFW crops are; all pairs)",
  );
  const tightRows: string[][] = [];
  const variants = [
    { grow: 1, side: 0, grey: true },
    { grow: 1.2, side: 0, grey: true },
    { grow: 1.1, side: 125, grey: false },
  ];
  for (const { grow, side: squareSide, grey } of variants) {
    const crops = new Map<string, Buffer>();
    for (const file of new Set(deepface.flatMap((p) => [p.x, p.y]))) {
      const image = readFileSync(file);
      const found = await embedFace(image, { minSide: 0 });
      if (!found.ok) continue;
      const [x, y, w, h] = found.value.box;
      const { width = 0, height = 0 } = await sharp(image).rotate().metadata();
      const side = Math.round(Math.max(w, h) * grow);
      const left = Math.max(0, Math.round(x + w / 2 - side / 2));
      const top = Math.max(0, Math.round(y + h / 2 - side / 2));
      const region = { left, top, width: Math.min(side, width - left), height: Math.min(side, height - top) };
      let crop = sharp(image).rotate().extract(region);
      if (grey) crop = crop.greyscale();
      if (squareSide) crop = crop.resize(squareSide, squareSide, { fit: "fill" });
      crops.set(file, await crop.jpeg({ quality: 90 }).toBuffer());
    }
    const tally = { same: { pass: 0, review: 0, fail: 0, none: 0 }, different: { pass: 0, review: 0, fail: 0, none: 0 } };
    const cache = new Map<string, number[] | null>();
    const describeCrop = async (file: string, role: FacePhotoRole) => {
      const key = `${role}:${file}`;
      if (!cache.has(key)) {
        const crop = crops.get(file);
        const result = crop ? await describeFacePhoto(crop, role) : null;
        cache.set(key, result?.ok ? result.value : null);
      }
      return cache.get(key)!;
    };
    for (const p of deepface) {
      const a = await describeCrop(p.x, "document");
      const b = await describeCrop(p.y, "selfie");
      const t = tally[p.same ? "same" : "different"];
      if (!a || !b) t.none++;
      else t[compareDescribedFaces(a, b).band]++;
    }
    for (const [kind, t] of Object.entries(tally)) {
      const n = t.pass + t.review + t.fail + t.none;
      const label = `${kind}, box × ${grow}${grey ? ", grey" : ""}${squareSide ? `, ${squareSide} px` : ""}`;
      tightRows.push([label, share(t.pass, n), share(t.review, n), share(t.fail, n), share(t.none, n)]);
    }
  }
  table(["pairs", "pass", "review", "fail", "not compared"], tightRows);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);

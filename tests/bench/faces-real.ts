// Faces on real photographs: ../shared/real-data/faces-deepface/pairs.csv (serengil/deepface's
// master.csv: 38 same-person pairs, 262 different-person pairs, 25 photos of public figures).
//   1. models:   load time and resident memory of the face models.
//   2. describe: each photo described as a document portrait (first column of the pair) and as a
//                selfie (second column), exactly as compare-faces / the hosted step do; ms per face.
//   3. bands:    same-person and different-person pairs in the pass / review / fail bands of
//                documents/face-match.ts; the score distributions; the widest clean gap.
//   4. network:  selfie-against-selfie scores against the network's FACE_MATCH_THRESHOLD (links
//                found, false links).
//   5. size:     the same-person pairs again, the selfie shrunk until its face is W pixels wide
//                (for FACE_MIN_SIDE, embed-face.ts).
//   6. tight:    every photo cut to its face's box (and 1.2 × it) in greyscale, all pairs again
//                (like the kept-back set the issue describes: tighter, greyscale crops).
//   npm run bench:faces:real   (BENCH_FACES_REAL_DIR to read another folder with a pairs.csv)
import { readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "csv-parse/sync";
import sharp from "sharp";
import { compareDescribedFaces, describeFacePhoto, type FacePhotoRole } from "@/lib/server/documents/compare-face-photos";
import { FACE_MATCH_PASS, FACE_MATCH_REVIEW } from "@/lib/server/documents/face-match";
import { FACE_MATCH_THRESHOLD, faceSimilarity } from "@/lib/server/faces/compare-faces";
import { embedFace, FACE_MIN_SIDE } from "@/lib/server/faces/embed-face";
import { loadFaceModels } from "@/lib/server/faces/load-human";
import { ms, pct, table, timed } from "./faces-shared";

const DIR = path.resolve(
  process.env.BENCH_FACES_REAL_DIR ?? path.join(path.dirname(fileURLToPath(import.meta.url)), "../../../shared/real-data/faces-deepface"),
);
const mb = () => Math.round(process.memoryUsage().rss / 2 ** 20);
const f3 = (v: number) => v.toFixed(3);
const share = (n: number, of: number) => `${n}/${of} (${((100 * n) / of).toFixed(1)} %)`;

async function main() {
  const pairs = (
    parse(readFileSync(path.join(DIR, "pairs.csv")), { columns: true, skip_empty_lines: true }) as Record<string, string>[]
  ).map((row) => ({
    x: row.file_x!,
    y: row.file_y!,
    same: row.Decision === "Yes",
  }));
  console.log(`# Faces on real photographs: ${DIR}`);
  console.log(
    `node ${process.version}, ${os.cpus().length} CPUs, load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );

  console.log("\n## 1. Models");
  const before = mb();
  const [, loadMs] = await timed(() => loadFaceModels());
  console.log(`load: ${ms(loadMs)} ms; resident memory ${before} MB before, ${mb()} MB after`);

  console.log("\n## 2. Describing each photo (document role = first column, selfie role = second)");
  const described = new Map<string, number[] | string>();
  const times: number[] = [];
  const roleTimes = new Map<FacePhotoRole, number[]>([
    ["document", []],
    ["selfie", []],
  ]);
  const roles: [FacePhotoRole, string[]][] = [
    ["document", [...new Set(pairs.map((p) => p.x))]],
    ["selfie", [...new Set(pairs.map((p) => p.y))]],
  ];
  await describeFacePhoto(readFileSync(path.join(DIR, pairs[0]!.x)), "selfie"); // warm-up: the first run compiles kernels
  for (const [role, files] of roles) {
    for (const file of files) {
      const image = readFileSync(path.join(DIR, file));
      const [result, t] = await timed(() => describeFacePhoto(image, role));
      times.push(t);
      roleTimes.get(role)!.push(t);
      described.set(`${role}:${file}`, result.ok ? result.value : (result.error.code ?? result.error.message));
    }
  }
  const failures = [...described.entries()].filter(([, v]) => typeof v === "string");
  console.log(
    `${described.size} descriptions: p50 ${ms(pct(times, 50))} ms, p95 ${ms(pct(times, 95))} ms, max ${ms(Math.max(...times))} ms per face; resident memory ${mb()} MB`,
  );
  for (const [role, list] of roleTimes)
    console.log(`  as ${role}: ${list.length} faces, p50 ${ms(pct(list, 50))} ms, p95 ${ms(pct(list, 95))} ms`);
  for (const [key, reason] of failures) console.log(`  not described: ${key}: ${reason as string}`);

  const scored = pairs.flatMap((p) => {
    const a = described.get(`document:${p.x}`);
    const b = described.get(`selfie:${p.y}`);
    if (typeof a !== "object" || typeof b !== "object") return [];
    return [{ ...p, ...compareDescribedFaces(a, b) }];
  });
  const same = scored.filter((p) => p.same);
  const different = scored.filter((p) => !p.same);
  const sameTotal = pairs.filter((p) => p.same).length;
  const differentTotal = pairs.length - sameTotal;

  console.log(`\n## 3. Bands (pass ≥ ${FACE_MATCH_PASS}, review ≥ ${FACE_MATCH_REVIEW}, else fail)`);
  const count = (list: typeof scored, band: string) => list.filter((p) => p.band === band).length;
  table(
    ["pairs", "pass", "review", "fail", "not compared"],
    [
      [
        "same person",
        share(count(same, "pass"), sameTotal),
        share(count(same, "review"), sameTotal),
        share(count(same, "fail"), sameTotal),
        String(sameTotal - same.length),
      ],
      [
        "different people",
        share(count(different, "pass"), differentTotal),
        share(count(different, "review"), differentTotal),
        share(count(different, "fail"), differentTotal),
        String(differentTotal - different.length),
      ],
    ],
  );
  console.log("\nscore distributions");
  const dist = (label: string, values: number[]) => [
    label,
    String(values.length),
    ...[0, 5, 25, 50, 75, 95, 100].map((p) => f3(p === 0 ? Math.min(...values) : pct(values, p))),
  ];
  table(
    ["pairs", "n", "min", "p5", "p25", "p50", "p75", "p95", "max"],
    [
      dist(
        "same person",
        same.map((p) => p.score),
      ),
      dist(
        "different people",
        different.map((p) => p.score),
      ),
    ],
  );
  const lowestSame = Math.min(...same.map((p) => p.score));
  const highestDifferent = Math.max(...different.map((p) => p.score));
  console.log(
    `lowest same-person score ${f3(lowestSame)}, highest different-person score ${f3(highestDifferent)}: ${lowestSame > highestDifferent ? `a clean gap of ${f3(lowestSame - highestDifferent)}` : `overlap: ${same.filter((p) => p.score <= highestDifferent).length} same-person pairs at or below the highest different-person score`}`,
  );
  const lowest = [...same].sort((a, b) => a.score - b.score).slice(0, 5);
  const highest = [...different].sort((a, b) => b.score - a.score).slice(0, 8);
  console.log(`lowest same-person scores: ${lowest.map((p) => `${f3(p.score)} (${p.x}~${p.y})`).join(", ")}`);
  console.log(`highest different-person scores: ${highest.map((p) => `${f3(p.score)} (${p.x}~${p.y})`).join(", ")}`);
  for (const p of same.filter((q) => q.band !== "pass"))
    console.log(`  same person not in pass: ${p.x} ~ ${p.y} ${f3(p.score)} (${p.band})`);
  for (const p of different.filter((q) => q.band !== "fail"))
    console.log(`  different people not in fail: ${p.x} ~ ${p.y} ${f3(p.score)} (${p.band})`);

  console.log(`\n## 4. Network search threshold (FACE_MATCH_THRESHOLD ${FACE_MATCH_THRESHOLD}; both photos described as selfies)`);
  const selfie = (file: string) => described.get(`selfie:${file}`) ?? undefined;
  const extra = [...new Set(pairs.map((p) => p.x))].filter((f) => !described.has(`selfie:${f}`));
  for (const file of extra) {
    const result = await describeFacePhoto(readFileSync(path.join(DIR, file)), "selfie");
    described.set(`selfie:${file}`, result.ok ? result.value : (result.error.code ?? "error"));
  }
  const network = pairs.flatMap((p) => {
    const a = selfie(p.x);
    const b = selfie(p.y);
    return typeof a === "object" && typeof b === "object" ? [{ ...p, score: faceSimilarity(a, b) }] : [];
  });
  const linked = (list: typeof network) => list.filter((p) => p.score >= FACE_MATCH_THRESHOLD).length;
  const netSame = network.filter((p) => p.same);
  const netDifferent = network.filter((p) => !p.same);
  table(
    ["pairs", "linked (≥ threshold)", "min", "p50", "max"],
    [
      [
        "same person",
        share(linked(netSame), netSame.length),
        f3(Math.min(...netSame.map((p) => p.score))),
        f3(
          pct(
            netSame.map((p) => p.score),
            50,
          ),
        ),
        f3(Math.max(...netSame.map((p) => p.score))),
      ],
      [
        "different people",
        share(linked(netDifferent), netDifferent.length),
        f3(Math.min(...netDifferent.map((p) => p.score))),
        f3(
          pct(
            netDifferent.map((p) => p.score),
            50,
          ),
        ),
        f3(Math.max(...netDifferent.map((p) => p.score))),
      ],
    ],
  );

  console.log(
    `\n## 5. Face size (same-person pairs, the selfie shrunk until the face is W px wide; described regardless of FACE_MIN_SIDE ${FACE_MIN_SIDE})`,
  );
  const sizeRows: string[][] = [];
  for (const width of [24, 32, 40, 48, 64, 96]) {
    const bands = { pass: 0, review: 0, fail: 0, none: 0 };
    for (const p of pairs.filter((q) => q.same)) {
      const documentFace = described.get(`document:${p.x}`);
      const image = readFileSync(path.join(DIR, p.y));
      const full = await embedFace(image, { minSide: 0 });
      if (typeof documentFace !== "object" || !full.ok) continue;
      const { width: imageWidth } = await sharp(image).rotate().metadata();
      const small = await sharp(image)
        .rotate()
        .resize(Math.max(16, Math.round(((imageWidth ?? 0) * width) / full.value.box[2])))
        .jpeg({ quality: 90 })
        .toBuffer();
      const shrunk = await embedFace(small, { minSide: 0 });
      if (!shrunk.ok) bands.none++;
      else bands[compareDescribedFaces(documentFace, shrunk.value.embedding).band]++;
    }
    const n = bands.pass + bands.review + bands.fail + bands.none;
    sizeRows.push([`${width} px`, share(bands.pass, n), share(bands.review, n), share(bands.fail, n), share(bands.none, n)]);
  }
  table(["face width", "pass", "review", "fail", "no face found"], sizeRows);

  console.log("\n## 6. Tight greyscale crops (each photo cut to its face's box, or 1.2 × it, in greyscale; all pairs)");
  const tightRows: string[][] = [];
  for (const grow of [1, 1.2]) {
    const crops = new Map<string, Buffer>();
    for (const file of new Set(pairs.flatMap((p) => [p.x, p.y]))) {
      const image = readFileSync(path.join(DIR, file));
      const found = await embedFace(image, { minSide: 0 });
      if (!found.ok) continue;
      const [x, y, w, h] = found.value.box;
      const { width = 0, height = 0 } = await sharp(image).rotate().metadata();
      const side = Math.round(Math.max(w, h) * grow);
      const left = Math.max(0, Math.round(x + w / 2 - side / 2));
      const top = Math.max(0, Math.round(y + h / 2 - side / 2));
      const region = { left, top, width: Math.min(side, width - left), height: Math.min(side, height - top) };
      crops.set(file, await sharp(image).rotate().extract(region).greyscale().jpeg({ quality: 90 }).toBuffer());
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
    for (const p of pairs) {
      const a = await describeCrop(p.x, "document");
      const b = await describeCrop(p.y, "selfie");
      const t = tally[p.same ? "same" : "different"];
      if (!a || !b) t.none++;
      else t[compareDescribedFaces(a, b).band]++;
    }
    for (const [kind, t] of Object.entries(tally)) {
      const n = t.pass + t.review + t.fail + t.none;
      tightRows.push([`${kind}, box × ${grow}`, share(t.pass, n), share(t.review, n), share(t.fail, n), share(t.none, n)]);
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

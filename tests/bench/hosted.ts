// npm run bench:hosted — the hosted flow's server work and page weight (issue 12).
//
//   DOCUMENT_WORKERS=1 npx tsx tests/bench/hosted.ts      # steps timed on one worker thread (one core)
//   BENCH_HOSTED_RUNS=5 BENCH_HOSTED_CASES=4 npx tsx tests/bench/hosted.ts
//
// 1. Engine time per step, one step at a time on one worker thread: the photo-ID read of a phone
//    photo of a passport, the video-selfie judgement (a re-rendered head following a 3-step
//    challenge, matched against the document face), the address document (a text PDF bill).
//    p50/p95 over BENCH_HOSTED_RUNS runs. The database writes around them are not included.
// 2. Completions per minute: BENCH_HOSTED_CASES people finishing all three steps at once through
//    the pool (a thread per core unless DOCUMENT_WORKERS says otherwise).
// 3. The hosted page's first-load JavaScript (gzip), from the last `next build`'s manifests,
//    against the 150 KB budget.
import fs from "node:fs";
import { cpus, loadavg } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { closeEnginePool, judgeSelfieOffThread, readPhotoId, readSupportingDocument } from "../../lib/server/documents";
import { billPdf, randomBill } from "../support/documents/bills";
import { generateIdDocument } from "../support/documents/id-document";
import { phoneCapture } from "../support/documents/phone-capture";
import { captureFrames } from "../support/liveness/challenge-frames";

const RUNS = Number(process.env.BENCH_HOSTED_RUNS ?? 8);
const CASES = Number(process.env.BENCH_HOSTED_CASES ?? 6);
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");
const pct = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(p * values.length))] ?? 0;

async function person(i: number) {
  const bill = randomBill(`bench-hosted:${i}`, { kind: "utility_bill" });
  const p = bill.truth.person;
  const doc = await generateIdDocument({
    seed: `bench-hosted:${i}`,
    kind: "passport",
    person: { ...p, issuingState: "GBR", nationality: "GBR" },
    faceIndex: 13,
  });
  const photo = (await phoneCapture(doc.image, { level: "phone", seed: `bench-hosted:${i}`, pxPerMm: doc.truth.pxPerMm })).image;
  const claim = {
    firstName: p.givenNames.split(" ")[0],
    lastName: p.surname,
    dateOfBirth: p.dateOfBirth,
    address: { postcode: bill.truth.address.postcode },
  };
  return { photo, claim, bill: billPdf(bill), now: new Date("2026-11-24T12:00:00Z") };
}

async function oneCase(p: Awaited<ReturnType<typeof person>>, frames: Awaited<ReturnType<typeof captureFrames>>) {
  const t0 = performance.now();
  const read = await readPhotoId({ kind: "passport", front: p.photo, claim: p.claim, now: p.now });
  const t1 = performance.now();
  const judged = await judgeSelfieOffThread({
    challenge: ["turn_left", "blink", "smile"],
    frames,
    documentEmbedding: read.documentFace?.embedding ?? null,
  });
  const t2 = performance.now();
  const address = await readSupportingDocument({ document: p.bill, claim: p.claim, now: p.now });
  const t3 = performance.now();
  return { ms: [t1 - t0, t2 - t1, t3 - t2], ok: [read.outcome === "pass", judged.liveness.status === "pass", address.outcome === "pass"] };
}

function firstLoadJs(): string {
  const root = path.resolve(".next");
  const routeDir = path.join(root, "server/app/(hosted)/verify/[token]");
  const build = path.join(routeDir, "page/build-manifest.json");
  const client = path.join(routeDir, "page_client-reference-manifest.js");
  const loadable = path.join(routeDir, "page/react-loadable-manifest.json");
  if (!fs.existsSync(build) || !fs.existsSync(client)) return "hosted page JS: run `next build` first";
  const manifest = JSON.parse(fs.readFileSync(build, "utf8")) as { rootMainFiles: string[]; polyfillFiles: string[] };
  const entries = /"entryJSFiles":(\{[^}]*\})/.exec(fs.readFileSync(client, "utf8"))?.[1];
  const pageFiles = entries ? ((JSON.parse(entries) as Record<string, string[]>)["[project]/app/(hosted)/verify/[token]/page"] ?? []) : [];
  // Polyfills are served to old browsers only (nomodule): not counted.
  const entryFiles = [...new Set([...manifest.rootMainFiles, ...pageFiles])];
  const gzipKb = (files: string[]) =>
    files.reduce((sum, f) => sum + gzipSync(fs.readFileSync(path.join(root, f)), { level: 9 }).length, 0) / 1024;
  const entry = gzipKb(entryFiles);
  // Each screen is a dynamic chunk (app/(hosted)/verify/[token]/_components/steps.tsx): the page
  // loads the entry plus the one screen it shows.
  const screens = fs.existsSync(loadable)
    ? Object.values(JSON.parse(fs.readFileSync(loadable, "utf8")) as Record<string, { files: string[] }>).map((e) =>
        gzipKb(e.files.filter((f) => f.endsWith(".js") && !entryFiles.includes(f))),
      )
    : [];
  const worst = entry + Math.max(0, ...screens);
  return `hosted page first-load JS (gzip): entry ${entry.toFixed(1)} KB (${entryFiles.length} files) + one screen ${Math.min(...screens).toFixed(1)}–${Math.max(...screens).toFixed(1)} KB (${screens.length} screens) = at most ${worst.toFixed(1)} KB (budget 150 KB: ${worst <= 150 ? "within" : "OVER"})`;
}

async function main() {
  console.log(
    `== hosted bench: ${cpus()[0]?.model ?? "cpu"} × ${cpus().length}, DOCUMENT_WORKERS=${process.env.DOCUMENT_WORKERS ?? "(cores)"}, load ${load()}`,
  );
  console.log(firstLoadJs());
  const people = await Promise.all(Array.from({ length: Math.max(RUNS, CASES) }, (_, i) => person(i)));
  const frames = await captureFrames(["turn_left", "blink", "smile"], 13);
  await oneCase(people[0]!, frames); // warm: models, OCR workers, pool threads

  const steps: number[][] = [[], [], []];
  const passed = [0, 0, 0];
  for (let i = 0; i < RUNS; i++) {
    const r = await oneCase(people[i]!, frames);
    r.ms.forEach((ms, k) => steps[k]!.push(ms));
    r.ok.forEach((ok, k) => (passed[k]! += ok ? 1 : 0));
  }
  ["photo ID (phone photo of a passport)", "video selfie (3-step challenge)", "address document (text PDF)"].forEach((name, k) => {
    console.log(
      `${name.padEnd(38)} p50 ${pct(steps[k]!, 0.5).toFixed(0).padStart(5)} ms  p95 ${pct(steps[k]!, 0.95).toFixed(0).padStart(5)} ms  passed ${passed[k]}/${RUNS}`,
    );
  });

  const started = performance.now();
  await Promise.all(people.slice(0, CASES).map((p) => oneCase(p, frames)));
  const minutes = (performance.now() - started) / 60_000;
  console.log(
    `${CASES} people finishing all three steps at once: ${(minutes * 60).toFixed(1)} s → ${(CASES / minutes).toFixed(1)} completions/min (load ${load()})`,
  );
  await closeEnginePool();
}

void main();

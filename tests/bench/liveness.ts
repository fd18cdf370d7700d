/*
 * Liveness bench: judgeSelfie on re-rendered challenges of the sample faces whose heads the
 * re-renderer can animate (TURNABLE_FACES, tests/support/liveness/README.md: several sample photos
 * do not work as heads, looking down with lids half shut, two faces, turned already). Their
 * re-rendered challenges are no measure of the judge (faces 0–5: blinks read 0.83–0.91 of rest,
 * where the turnable heads' read 0.51–0.67); name faces explicitly to see them.
 * For each face: the turned re-rendering, a still photo, a different face from the second step on,
 * the steps done in reverse order; face match of the rendered selfie against the same person's
 * photo (document-like, two-pass embedded) and against the next person's. Prints per-case scores,
 * per-frame and per-selfie ms, and memory. `npx tsx tests/bench/liveness.ts [faceIndex,...]`
 */
import { findDocumentFace } from "@/lib/server/documents/document-face";
import type { ChallengeStep } from "@/lib/server/liveness/challenge";
import { judgeSelfie, type SelfieJudgement } from "@/lib/server/liveness/judge-selfie";
import { sampleFaces } from "@/tests/support/faces";
import { captureFrames, stillFrames, TURNABLE_FACES } from "@/tests/support/liveness/challenge-frames";

const CHALLENGES: ChallengeStep[][] = [
  ["turn_left", "blink", "smile"],
  ["smile", "turn_right", "blink"],
  ["blink", "turn_left", "turn_right"],
  ["turn_right", "smile", "turn_left"],
];
const faces = process.argv[2] ? process.argv[2].split(",").map(Number) : TURNABLE_FACES;
const samples = await sampleFaces(22);
const documents = new Map<number, number[] | null>();
const documentOf = async (i: number) => {
  if (!documents.has(i)) documents.set(i, (await findDocumentFace(samples[i]!.image))?.embedding ?? null);
  return documents.get(i)!;
};

const line = (j: SelfieJudgement) =>
  `${j.liveness.status} ${j.liveness.score.toFixed(3)} same=${j.details.sameFaceMin} margin=${j.details.sameFaceMargin ?? "-"} spoof=${j.details.antispoof} ` +
  `${j.details.steps.map((s) => `${s.step}:${s.measured.toFixed(2)}${s.done ? "" : "✗"}`).join(" ")}${j.retake ? ` retake=${j.retake.reason}` : ""}`;

const timings: number[] = [];
const perFrame: number[] = [];
const tally: Record<string, { pass: number; fail: number }> = {};
const matches: { same: number[]; other: number[] } = { same: [], other: [] };
for (const [k, f] of faces.entries()) {
  const challenge = CHALLENGES[k % CHALLENGES.length]!;
  const other = (f + 1) % 22;
  const cases: [string, Awaited<ReturnType<typeof captureFrames>>][] = [
    ["turned", await captureFrames(challenge, f)],
    ["still", await stillFrames(challenge, f)],
    ["swapped", await captureFrames(challenge, f, { swapTo: { faceIndex: other, fromMs: 3000 } })],
    ["reversed", await captureFrames(challenge, f, { performed: [...challenge].reverse() })],
  ];
  for (const [name, frames] of cases) {
    const documentEmbedding = name === "turned" ? await documentOf(f) : null;
    const started = performance.now();
    const j = await judgeSelfie({ challenge, frames, documentEmbedding });
    const ms = performance.now() - started;
    if (name === "turned") {
      timings.push(ms);
      perFrame.push(ms / j.details.frames);
      if (j.faceMatch) matches.same.push(j.faceMatch.score);
      const otherDoc = await documentOf(other);
      const vs = j.embedding && otherDoc ? (await judgeSelfie({ challenge, frames, documentEmbedding: otherDoc })).faceMatch : null;
      if (vs) matches.other.push(vs.score);
      console.log(
        `${f} ${samples[f]!.person} [${challenge.join(",")}] ${name}: ${line(j)} match=${j.faceMatch?.score ?? "-"} vs-other=${vs?.score ?? "-"} ${Math.round(ms)} ms`,
      );
    } else console.log(`${f} ${samples[f]!.person} ${name}: ${line(j)}`);
    const t = (tally[name] ??= { pass: 0, fail: 0 });
    t[j.liveness.status]++;
  }
}
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))] ?? NaN;
console.log("\nliveness status per case:", JSON.stringify(tally));
console.log(
  `face match same person: min ${Math.min(...matches.same).toFixed(3)} median ${pct(matches.same, 0.5).toFixed(3)}; other person: max ${Math.max(...matches.other).toFixed(3)} median ${pct(matches.other, 0.5).toFixed(3)}`,
);
console.log(
  `judge per selfie p50 ${Math.round(pct(timings, 0.5))} ms p95 ${Math.round(pct(timings, 0.95))} ms; per received frame p50 ${Math.round(pct(perFrame, 0.5))} ms`,
);
const mem = process.memoryUsage();
console.log(
  `memory: rss ${Math.round(mem.rss / 1e6)} MB, heap ${Math.round(mem.heapUsed / 1e6)} MB, external ${Math.round(mem.external / 1e6)} MB`,
);

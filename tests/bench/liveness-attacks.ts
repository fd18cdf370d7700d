/*
 * Presentation-attack bench: judgeSelfie on frames of a flat picture held to a pinhole camera
 * (tests/support/liveness/print-attack.ts) and moved while each step is asked. For each face:
 * a print tilted about its horizontal axis by each angle, both ways, during the blink and the
 * smile steps (and swung about its vertical axis during the turn); a print swung 45°, rolled 25°
 * and tilted 20° at once, both ways; a print moved, rolled and brought nearer; a still print; a
 * screen replaying a person's video of another challenge order.
 * Prints, per attack, how many trials passed each step, and the genuine re-rendered heads' passes.
 * `npx tsx tests/bench/liveness-attacks.ts [angles, e.g. 40,55]`
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { ChallengeStep } from "@/lib/server/liveness/challenge";
import { judgeSelfie } from "@/lib/server/liveness/judge-selfie";
import { sampleFaces } from "@/tests/support/faces";
import { captureFrames, TURNABLE_FACES } from "@/tests/support/liveness/challenge-frames";
import { attackFrames, flatPicture, viewOf, FLAT } from "@/tests/support/liveness/print-attack";

const DEEPFACE = path.join(process.cwd(), "..", "shared", "real-data", "faces-deepface");
/** Frontal single-person portraits of four different people (read from shared/, never copied). */
const REAL_PHOTOS = ["img10.jpg", "img13.jpg", "img18.jpg", "img32.jpg"];
const SAMPLE_FACES = [13, 6, 15, 18];
const angles = process.argv[2] ? process.argv[2].split(",").map(Number) : [40, 55];
const CHALLENGE: ChallengeStep[] = ["blink", "smile", "turn_left"];

const samples = await sampleFaces(22);
const photos: { name: string; image: Buffer }[] = [
  ...SAMPLE_FACES.map((i) => ({ name: samples[i]!.person, image: samples[i]!.image })),
  ...(await Promise.all(REAL_PHOTOS.map(async (f) => ({ name: f, image: await readFile(path.join(DEEPFACE, f)) })))),
];

type Tally = Record<string, { passed: number; trials: number }>;
const tallies = new Map<string, Tally>();
const count = (attack: string, step: string, done: boolean) => {
  const tally = tallies.get(attack) ?? {};
  const t = (tally[step] ??= { passed: 0, trials: 0 });
  t.trials++;
  if (done) t.passed++;
  tallies.set(attack, tally);
};

for (const photo of photos) {
  const picture = await flatPicture(photo.image);
  const trials: [string, Awaited<ReturnType<typeof attackFrames>>][] = [];
  for (const angle of angles) {
    for (const sign of [1, -1]) {
      const tilt = sign * angle;
      trials.push([
        `print tilted ${angle}°`,
        await attackFrames(CHALLENGE, picture, { blink: { tilt }, smile: { tilt }, turn_left: { swing: sign * 35 } }),
      ]);
    }
  }
  for (const sign of [1, -1]) {
    // Several motions at once: swung about the vertical axis, rolled and tilted.
    trials.push([
      "print swung 45°, rolled 25°",
      await attackFrames(CHALLENGE, picture, {
        blink: { swing: sign * 45, roll: 25, tilt: 20 },
        smile: { swing: sign * 45, roll: -25, tilt: -20 },
        turn_left: { swing: sign * 45 },
      }),
    ]);
  }
  trials.push([
    "print moved, rolled, nearer",
    await attackFrames(CHALLENGE, picture, {
      blink: { dy: 40, roll: 12 },
      smile: { scale: 1.25, dx: -30 },
      turn_left: { roll: -15, dx: 40 },
    }),
  ]);
  const still = await viewOf(picture, FLAT);
  trials.push(["still print", (await attackFrames(CHALLENGE, picture, {})).map((f) => ({ ...f, image: still }))]);
  for (const [attack, frames] of trials) {
    const j = await judgeSelfie({ challenge: CHALLENGE, frames });
    for (const s of j.details.steps) count(attack, s.step, s.done);
    count(attack, "liveness", j.liveness.status === "pass");
    console.log(
      `${photo.name} ${attack}: ${j.liveness.status} ${j.details.steps.map((s) => `${s.step}:${s.measured.toFixed(2)}${s.done ? "✓" : "✗"}`).join(" ")}${j.retake ? ` retake=${j.retake.reason}` : ""}`,
    );
  }
}

// A screen replaying a recording of the person doing the steps in another order (re-rendered heads).
const replayed: ChallengeStep[] = ["turn_left", "smile", "blink"];
for (const face of SAMPLE_FACES) {
  const recording = await captureFrames(replayed, face);
  const frames = [];
  for (const f of recording)
    frames.push({ ...f, image: await viewOf(await flatPicture(f.image), { ...FLAT, tilt: 8, swing: -6, scale: 0.92 }, { screen: true }) });
  const j = await judgeSelfie({ challenge: CHALLENGE, frames });
  for (const s of j.details.steps) count("screen replay (other order)", s.step, s.done);
  count("screen replay (other order)", "liveness", j.liveness.status === "pass");
  console.log(
    `${samples[face]!.person} screen replay: ${j.liveness.status} ${j.details.steps.map((s) => `${s.step}:${s.measured.toFixed(2)}${s.done ? "✓" : "✗"}`).join(" ")}`,
  );
}

// The genuine path: re-rendered heads doing the challenge as asked.
for (const face of TURNABLE_FACES) {
  const j = await judgeSelfie({ challenge: CHALLENGE, frames: await captureFrames(CHALLENGE, face) });
  for (const s of j.details.steps) count("genuine re-rendered head", s.step, s.done);
  count("genuine re-rendered head", "liveness", j.liveness.status === "pass");
  console.log(
    `${samples[face]!.person} genuine: ${j.liveness.status} ${j.details.steps.map((s) => `${s.step}:${s.measured.toFixed(2)}${s.done ? "✓" : "✗"}`).join(" ")}`,
  );
}

console.log("\nsteps passed / trials");
for (const [attack, tally] of tallies) {
  console.log(
    `${attack.padEnd(30)} ${Object.entries(tally)
      .map(([step, t]) => `${step} ${t.passed}/${t.trials}`)
      .join("  ")}`,
  );
}

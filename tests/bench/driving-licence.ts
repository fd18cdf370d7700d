/*
 * UK driving licence reader on generated photocards: clean renders and phone-like photos.
 * Prints per variant: accepted-and-correct, false accepts (accepted with any field wrong: goal 0),
 * asked for another capture, per-field accuracy among what was read, and ms per document.
 *   npx tsx tests/bench/driving-licence.ts [count per variant, default 40]
 */
import { closeOcr } from "@/lib/server/documents/driving-licence/ocr";
import { readDrivingLicence } from "@/lib/server/documents/driving-licence/read-driving-licence";
import { makeDrivingLicence, roughPhoneCapture, type DrivingLicenceTruth } from "@/tests/support/documents/driving-licence";

const COUNT = Number(process.argv[2] ?? 40);
const NOW = new Date("2026-11-24T12:00:00Z");
const FIELDS = [
  "last_name",
  "first_name",
  "date_of_birth",
  "document_number",
  "date_of_issue",
  "expiration_date",
  "issuing_authority",
] as const;

const expected = (t: DrivingLicenceTruth): Record<(typeof FIELDS)[number], string> => ({
  last_name: t.surname,
  first_name: t.givenNames,
  date_of_birth: t.dateOfBirth,
  document_number: t.documentNumber,
  date_of_issue: t.dateOfIssue,
  expiration_date: t.expirationDate,
  issuing_authority: t.issuingAuthority,
});

async function variant(name: "clean" | "phone-like") {
  let accepted = 0;
  let falseAccepts = 0;
  let retakes = 0;
  const times: number[] = [];
  const fieldRight = Object.fromEntries(FIELDS.map((f) => [f, 0])) as Record<(typeof FIELDS)[number], number>;
  const fieldRead = { ...fieldRight };
  for (let i = 0; i < COUNT; i++) {
    const seed = `bench-${name}-${i}`;
    const { png, truth } = await makeDrivingLicence({ seed, now: NOW });
    const image = name === "clean" ? png : await roughPhoneCapture(png, { seed, upsideDown: i % 10 === 9 });
    const started = performance.now();
    const reading = await readDrivingLicence(image, { now: NOW });
    times.push(performance.now() - started);
    const want = expected(truth);
    const wrong = FIELDS.filter((f) => reading.extracted[f] !== null && reading.extracted[f] !== want[f]);
    for (const f of FIELDS) {
      if (reading.extracted[f] === null) continue;
      fieldRead[f]++;
      if (reading.extracted[f] === want[f]) fieldRight[f]++;
    }
    const allRight = FIELDS.every((f) => reading.extracted[f] === want[f]);
    if (reading.certain && allRight) accepted++;
    if (reading.certain && !allRight) {
      falseAccepts++;
      console.log(`  FALSE ACCEPT ${seed}: ${wrong.map((f) => `${f} ${reading.extracted[f]} ≠ ${want[f]}`).join("; ")}`);
    }
    if (reading.retake) retakes++;
  }
  times.sort((a, b) => a - b);
  const pct = (n: number, d = COUNT) => `${((100 * n) / Math.max(1, d)).toFixed(1)} %`;
  console.log(`${name}: ${COUNT} licences`);
  console.log(`  accepted and correct ${pct(accepted)}, false accepts ${falseAccepts}, asked for another capture ${pct(retakes)}`);
  console.log(
    `  per field (right / read, read share): ${FIELDS.map((f) => `${f} ${fieldRight[f]}/${fieldRead[f]} (${pct(fieldRead[f])})`).join(", ")}`,
  );
  console.log(`  ms per document: p50 ${times[Math.floor(COUNT / 2)]?.toFixed(0)}, p95 ${times[Math.floor(COUNT * 0.95)]?.toFixed(0)}`);
}

await variant("clean");
await variant("phone-like");
await closeOcr();

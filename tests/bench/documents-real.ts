// npm run bench:documents:real — the document engine on real pictures of specimen documents (issue 29).
//
//   npx tsx tests/bench/documents-real.ts
//
// Reads every image listed in tests/fixtures/real-documents/truth.json (from ../shared/real-data/…,
// never copied into the project) through readPhotoIdHere, the function the API and the hosted flow
// use, one at a time on this thread (the learned OCR and tesseract on their own threads). Per image:
//   read right   — the MRZ the engine reports (accepted, or agreed but refused) is the truth, character for character
//   refused      — no MRZ reported; the retake reason the person is given
//   read wrong   — the engine reports an MRZ that is not the truth
//   FALSE ACCEPT — accepted (an identity returned) with any character of the MRZ wrong: goal 0
// Visas must be read and refused with the reason "visa"; a page without an MRZ must be answered "no_mrz".
// The portrait (document_contains_face) must be found on every picture that shows one, and on none other.
import { readFileSync } from "node:fs";
import path from "node:path";
import { closeLearnedOcr } from "../../lib/server/documents/ocr/learned-ocr";
import { readPhotoIdHere, type PhotoIdResult } from "../../lib/server/documents/read-photo-id-here";
import { REAL_DOCUMENTS_NOW as NOW, realDocuments, type TruthImage } from "../support/real-documents";

const ROOT = process.cwd();
const truth = { images: realDocuments(ROOT) };

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

/** The printed zone's comparison with the MRZ (compound_identifiers_match): its status, and the fields that differ. */
function vizStatus(result: PhotoIdResult): string {
  const check = result.validations.compound_identifiers_match;
  if (!check) return "—";
  const mismatches = (check.metadata as { mismatches?: string[] } | undefined)?.mismatches;
  return mismatches?.length ? `${check.status} (${mismatches.join(", ")})` : check.status;
}

/** The MRZ the engine reports: the accepted text, else the text its readers agreed on before refusing it. */
function reportedMrz(result: PhotoIdResult): string[] | null {
  const code = result.extractedDetails.mrz_code;
  if (code) return code.split("\n");
  const agreed = (result as { mrzReading?: { lines: string[] } | null }).mrzReading;
  return agreed?.lines ?? null;
}

type Verdict = "read right" | "refused" | "read wrong" | "FALSE ACCEPT" | "answered no MRZ";

async function main() {
  const first = truth.images[0]!;
  const warm0 = performance.now();
  await readPhotoIdHere({ kind: first.kind, front: readFileSync(path.resolve(ROOT, first.file)), now: NOW });
  const warmMs = performance.now() - warm0;
  console.log(`== real documents: ${truth.images.length} images; first read (models loading) ${warmMs.toFixed(0)} ms`);

  const rows: {
    image: TruthImage;
    verdict: Verdict;
    ok: boolean;
    accepted: boolean;
    retake: string | null;
    mrz: string[] | null;
    ms: number;
    by: string | null;
    viz: string;
    face: "found" | "none";
  }[] = [];
  for (const image of truth.images) {
    const bytes = readFileSync(path.resolve(ROOT, image.file));
    const t0 = performance.now();
    const result = await readPhotoIdHere({ kind: image.kind, front: bytes, now: NOW });
    const ms = performance.now() - t0;
    const mrz = reportedMrz(result);
    const accepted = result.identity !== null;
    const retake = result.retake?.reason ?? null;
    let verdict: Verdict;
    let ok: boolean;
    if (image.mrz === "none") {
      verdict = accepted ? "FALSE ACCEPT" : mrz ? "read wrong" : retake === "no_mrz" ? "answered no MRZ" : "refused";
      ok = verdict === "answered no MRZ";
    } else {
      const right = !!mrz && mrz.join("\n") === image.mrz.join("\n");
      verdict = accepted && !right ? "FALSE ACCEPT" : right ? "read right" : mrz ? "read wrong" : "refused";
      ok = right && (image.document === "visa" ? retake === "visa" && !accepted : true);
    }
    const viz = vizStatus(result);
    const face = result.validations.document_contains_face?.status === "pass" ? "found" : "none";
    rows.push({ image, verdict, ok, accepted, retake, mrz, ms, by: result.readBy, viz, face });
    const name = path.basename(image.file);
    console.log(
      `${ok ? "✓" : "✗"} ${name.padEnd(36)} ${image.document.padEnd(8)} ${verdict.padEnd(15)} ${(accepted ? "accepted" : `retake ${retake ?? "—"}`).padEnd(22)} ${String(Math.round(ms)).padStart(5)} ms  ${result.outcome}${result.readBy ? ` (${result.readBy})` : ""}  printed zone ${viz}  portrait ${face}${(face === "found") !== image.portrait ? " ✗" : ""}`,
    );
    if (mrz) for (const line of mrz) console.log(`      ${line}`);
    if (!ok && image.mrz !== "none") for (const line of image.mrz) console.log(`    truth ${line}`);
  }

  const vizCounts = new Map<string, number>();
  for (const r of rows) vizCounts.set(r.viz, (vizCounts.get(r.viz) ?? 0) + 1);
  const withMrz = rows.filter((r) => r.image.mrz !== "none");
  const docs = withMrz.filter((r) => r.image.document !== "visa");
  const visas = withMrz.filter((r) => r.image.document === "visa");
  const noMrz = rows.filter((r) => r.image.mrz === "none");
  const ms = rows.map((r) => r.ms);
  const summary = {
    mrzReadRight: `${withMrz.filter((r) => r.verdict === "read right").length}/${withMrz.length}`,
    documentsAccepted: `${docs.filter((r) => r.accepted).length}/${docs.length}`,
    visasRefusedAsVisas: `${visas.filter((r) => r.ok).length}/${visas.length}`,
    noMrzAnswered: `${noMrz.filter((r) => r.ok).length}/${noMrz.length}`,
    portraitFound: `${rows.filter((r) => r.image.portrait && r.face === "found").length}/${rows.filter((r) => r.image.portrait).length}`,
    portraitWhereNone: rows.filter((r) => !r.image.portrait && r.face === "found").length,
    readWrong: rows.filter((r) => r.verdict === "read wrong").length,
    falseAccepts: rows.filter((r) => r.verdict === "FALSE ACCEPT").length,
    p50ms: Math.round(percentile(ms, 50)),
    p95ms: Math.round(percentile(ms, 95)),
    maxMs: Math.round(Math.max(...ms)),
    firstReadMs: Math.round(warmMs),
    rssMB: Math.round(process.memoryUsage().rss / 1e6),
  };
  const reasons = new Map<string, number>();
  for (const r of rows) if (r.retake) reasons.set(r.retake, (reasons.get(r.retake) ?? 0) + 1);
  console.log(
    `\nMRZ read right ${summary.mrzReadRight}; documents accepted ${summary.documentsAccepted}; visas refused as visas ${summary.visasRefusedAsVisas}; no-MRZ page answered ${summary.noMrzAnswered}`,
  );
  console.log(
    `read wrong ${summary.readWrong}; FALSE ACCEPTS ${summary.falseAccepts}; time p50 ${summary.p50ms} ms, p95 ${summary.p95ms} ms, max ${summary.maxMs} ms; RSS ${summary.rssMB} MB`,
  );
  console.log(`portrait found ${summary.portraitFound}; found where there is none ${summary.portraitWhereNone}`);
  console.log(`printed zone against the MRZ: ${[...vizCounts].map(([k, v]) => `${k} ${v}`).join(", ")}`);
  console.log(`retake reasons: ${[...reasons].map(([k, v]) => `${k} ${v}`).join(", ") || "none"}`);
  console.log(JSON.stringify(summary));
  await closeLearnedOcr();
  return summary.falseAccepts > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);

import fs from "node:fs";
import { parseArgs } from "node:util";
import { checkDocumentUpload, closeEnginePool, readPhotoId, readSupportingDocument, type PhotoIdKind } from "../documents";
import { UsageError, type CliOutput } from "./command-module";

export const READ_DOCUMENT_USAGE =
  "read-document <file> [--kind passport|national_id|driving_licence|supporting] [--back <file>] [--face <file>] [--first-name <name>] [--last-name <name>] [--date-of-birth <YYYY-MM-DD>] [--postcode <postcode>]   (no database needed)";

const KINDS = ["passport", "national_id", "driving_licence", "supporting"] as const;

/**
 * `npm run cli -- read-document FILE`: what the engine reads on a document and every validation,
 * for an operator checking a real document by hand. Runs on its own (no database, no server).
 * Without --kind a PDF is read as a supporting document and a photo as each photo ID kind in turn
 * until one is read with certainty.
 */
export async function readDocumentCommand(args: string[]): Promise<CliOutput> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      kind: { type: "string" },
      back: { type: "string" },
      face: { type: "string" },
      "first-name": { type: "string" },
      "last-name": { type: "string" },
      "date-of-birth": { type: "string" },
      postcode: { type: "string" },
    },
  });
  const file = positionals[0];
  if (!file) throw new UsageError("Give the document's file: read-document <file>");
  const kind = values.kind;
  if (kind && !(KINDS as readonly string[]).includes(kind)) throw new UsageError(`--kind must be one of ${KINDS.join(", ")}`);
  const read = (path: string | undefined) => {
    if (!path) return undefined;
    if (!fs.existsSync(path)) throw new UsageError(`No file ${path}`);
    return fs.readFileSync(path);
  };
  const bytes = read(file)!;
  const checked = await checkDocumentUpload(bytes, "document", { allowPdf: true });
  if (!checked.ok) return { exitCode: 1, output: { ok: false, error: checked.error } };
  const claim = {
    firstName: values["first-name"],
    lastName: values["last-name"],
    dateOfBirth: values["date-of-birth"],
    address: values.postcode ? { postcode: values.postcode } : null,
  };
  const started = performance.now();
  try {
    if (kind === "supporting" || (!kind && checked.value.mimeType === "application/pdf")) {
      const result = await readSupportingDocument({ document: bytes, claim });
      return { exitCode: 0, output: { ok: true, kind: "supporting", ms: Math.round(performance.now() - started), ...result } };
    }
    const kinds: PhotoIdKind[] = kind ? [kind as PhotoIdKind] : ["passport", "national_id", "driving_licence"];
    let result: Awaited<ReturnType<typeof readPhotoId>> | null = null;
    for (const k of kinds) {
      result = await readPhotoId({ kind: k, front: bytes, back: read(values.back), faceScan: read(values.face), claim });
      if (!result.retake) break;
    }
    const { documentFace, ...shown } = result!;
    return {
      exitCode: 0,
      output: {
        ok: true,
        ms: Math.round(performance.now() - started),
        ...shown,
        documentFace: documentFace ? { cropBytes: documentFace.crop.length } : null,
      },
    };
  } finally {
    await closeEnginePool();
  }
}

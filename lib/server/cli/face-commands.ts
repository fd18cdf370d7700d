import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { parse } from "csv-parse/sync";
import { compareDescribedFaces, describeFacePhoto, type FacePhotoRole } from "../documents";
import type { Db } from "@/lib/db";
import { loadFaceModels } from "../faces/load-human";
import { reembedNetworkFaces } from "../network/reembed-faces";
import { fail, type Result } from "../shared/result";

export const COMPARE_FACES_USAGE =
  "compare-faces --pairs <file.csv> --dir <folder>   (CSV: header row, then file_x,file_y[,…]; one JSON object per pair on stdout; no database needed)";

export const REEMBED_FACES_USAGE =
  "reembed-faces   (re-describes the network's faces of an older face model from the face scans still held; says how many it could not)";

/** `npm run cli -- reembed-faces`: network/reembed-faces.ts, its report as the output. */
export async function reembedFacesCommand(db: Db): Promise<{ exitCode: number; output: unknown }> {
  const report = await reembedNetworkFaces(db);
  const notReembedded = report.noEvidence + Object.values(report.noFace).reduce((a, b) => a + b, 0);
  return { exitCode: 0, output: { ok: true, ...report, notReembedded } };
}

/** Where compare-faces writes: one JSON object per line. */
export interface LineWriter {
  write(line: string): unknown;
}

/**
 * `npm run cli -- compare-faces --pairs FILE.csv --dir DIR`: each pair's face score and band, the
 * first picture described as a document's portrait and the second as a selfie, with the code the
 * selfie step uses (compare-face-photos.ts). Prints one JSON object per line and nothing else:
 *   {"file_x":"a.jpg","file_y":"b.jpg","score":0.81,"band":"pass"}
 *   {"file_x":"a.jpg","file_y":"c.jpg","error":"no_face","file":"c.jpg"}
 * A pair whose picture is missing, unreadable, faceless, shows several faces or too small a face
 * gets an error line (`file` names the picture) and the run goes on. The models load once; each
 * picture is described once per role. Exit code 0 when every pair was compared, 2 when some were
 * not, 1 when the run could not start (a usage error or the models: one `{"error":…}` line).
 */
export async function compareFacesCommand(args: string[], out: LineWriter): Promise<number> {
  const line = (value: unknown) => out.write(`${JSON.stringify(value)}\n`);
  let pairs: [string, string][];
  let dir: string;
  try {
    ({ pairs, dir } = readPairs(args));
  } catch (error) {
    line({ error: "usage", message: error instanceof Error ? error.message : String(error), usage: COMPARE_FACES_USAGE });
    return 1;
  }
  try {
    await loadFaceModels();
  } catch (error) {
    line({
      error: "models_unavailable",
      message: `The face models could not be loaded: ${error instanceof Error ? error.message : String(error)}`,
    });
    return 1;
  }
  const described = new Map<string, Promise<Result<number[]>>>();
  const describe = (file: string, role: FacePhotoRole) => {
    const key = `${role}\0${file}`;
    let found = described.get(key);
    if (!found) {
      found = describePicture(dir, file, role);
      described.set(key, found);
    }
    return found;
  };
  let failed = 0;
  for (const [fileX, fileY] of pairs) {
    const x = await describe(fileX, "document");
    const y = x.ok ? await describe(fileY, "selfie") : null;
    if (!x.ok || !y!.ok) {
      const problem = !x.ok
        ? { error: x.error.code ?? "unreadable_image", file: fileX }
        : { error: (y as { ok: false; error: { code?: string } }).error.code ?? "unreadable_image", file: fileY };
      line({ file_x: fileX, file_y: fileY, ...problem });
      failed++;
      continue;
    }
    const { score, band } = compareDescribedFaces(x.value, y!.value);
    line({ file_x: fileX, file_y: fileY, score: Math.round(score * 1000) / 1000, band });
  }
  return failed ? 2 : 0;
}

function readPairs(args: string[]): { pairs: [string, string][]; dir: string } {
  const { values } = parseArgs({ args, options: { pairs: { type: "string" }, dir: { type: "string" } } });
  if (!values.pairs) throw new Error("--pairs <file.csv> is required");
  if (!values.dir) throw new Error("--dir <folder> is required");
  if (!fs.existsSync(values.pairs)) throw new Error(`No file ${values.pairs}`);
  if (!fs.statSync(values.dir, { throwIfNoEntry: false })?.isDirectory()) throw new Error(`No folder ${values.dir}`);
  const rows = parse(fs.readFileSync(values.pairs), {
    relax_column_count: true,
    skip_empty_lines: true,
    trim: true,
    bom: true,
  }) as string[][];
  const pairs = rows.slice(1).map((row, i) => {
    if (!row[0] || !row[1]) throw new Error(`${values.pairs} line ${i + 2}: a pair needs two file names (file_x,file_y)`);
    return [row[0], row[1]] as [string, string];
  });
  return { pairs, dir: path.resolve(values.dir) };
}

/** One picture of the folder described; a name leading outside the folder counts as missing. */
async function describePicture(dir: string, file: string, role: FacePhotoRole): Promise<Result<number[]>> {
  const full = path.resolve(dir, file);
  const missing = fail("not_found", `No file ${file} in the folder`, { code: "missing_file" });
  if (path.relative(dir, full).startsWith("..") || path.isAbsolute(path.relative(dir, full))) return missing;
  let bytes: Buffer;
  try {
    bytes = fs.readFileSync(full);
  } catch {
    return missing;
  }
  return describeFacePhoto(bytes, role);
}

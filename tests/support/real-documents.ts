import { readFileSync } from "node:fs";
import path from "node:path";
import type { PhotoIdResult } from "../../lib/server/documents/read-photo-id-here";
import type { PhotoIdKind } from "../../lib/server/documents/types";

/*
 * The real specimen pictures (../shared/real-data/documents and ../shared/real-data/documents-2,
 * read from there, never copied; and a third set kept in the project, tests/fixtures/
 * real-documents/more/, gathered in the twelfth session from further MRZ projects under MIT and
 * GPL-3.0, sources in its README) and their truth, read by eye: tests/fixtures/real-documents/
 * truth.json, truth-2.json and more/truth.json. The one loader for the suite's test (the first set
 * only: each picture costs about a second) and the benches (npm run bench:documents:real,
 * :invariance).
 */

/** The sets of real pictures, each with its truth file (under tests/fixtures/real-documents). */
export const REAL_DOCUMENT_SETS = {
  documents: "truth.json",
  "documents-2": "truth-2.json",
  more: "more/truth.json",
  fresh: "fresh/truth.json",
} as const;
export type RealDocumentSet = keyof typeof REAL_DOCUMENT_SETS;

/**
 * The fourth set's sources (fresh/: found in the twenty-eighth session), held apart whole: the engine
 * read them first as a blind measure, and no change is made by looking at their failures.
 */
const FRESH_SOURCES = ["os2datascanner", "AndroidPassportReader"];

/**
 * Sources held apart (issue 33): nobody tuning the engine looks at their pictures' failures; the
 * benches report them as counts only unless SHOW_HELD_APART=1.
 */
export const HELD_APART_SOURCES: readonly string[] = ["DocsaidLab-MRZScanner", ...FRESH_SOURCES];

/** The right answer for a picture: read (the MRZ, accepted), or the refusal it must get. */
export type RealDocumentExpectation = "read" | "visa" | "mrz_invalid" | "no_mrz";

export interface TruthImage {
  file: string;
  kind: PhotoIdKind;
  document: "passport" | "id_card" | "visa" | "none";
  mrz: string[] | "none";
  /** The holder's portrait is in the picture (document_contains_face must find it), read by eye. */
  portrait: boolean;
  note?: string;
  /** The project the picture comes from (given in truth-2.json; else the file name's prefix). */
  source: string;
  set: RealDocumentSet;
  expect: RealDocumentExpectation;
  /** Where the MRZ lies in the picture when not along the bottom (a picture taken sideways), read by eye. */
  mrzSide?: "bottom" | "top" | "left" | "right";
}

type StoredImage = Omit<TruthImage, "source" | "set" | "expect"> & Partial<Pick<TruthImage, "source" | "expect">>;

export const REAL_DOCUMENTS_NOW = new Date("2026-11-24T12:00:00Z");

/** The pictures of the given sets (the first set alone unless asked), in their truth files' order. */
export function realDocuments(root = process.cwd(), sets: readonly RealDocumentSet[] = ["documents"]): TruthImage[] {
  return sets.flatMap((set) => {
    const file = path.join(root, "tests/fixtures/real-documents", REAL_DOCUMENT_SETS[set]);
    const stored = (JSON.parse(readFileSync(file, "utf8")) as { images: StoredImage[] }).images;
    return stored.map((image) => ({
      ...image,
      set,
      source: image.source ?? sourceOf(image.file),
      expect: image.expect ?? expectationOf(image),
    }));
  });
}

export function isHeldApart(image: TruthImage): boolean {
  return HELD_APART_SOURCES.includes(image.source);
}

/**
 * The pictures a bench reads: SETS (comma-separated, default both) and ONLY (a substring of the
 * file name, comma-separated for several) narrow them for a quick run.
 */
export function benchRealDocuments(root = process.cwd(), env = process.env): TruthImage[] {
  const sets = (env.SETS?.split(",").filter(Boolean) ?? Object.keys(REAL_DOCUMENT_SETS)) as RealDocumentSet[];
  for (const set of sets)
    if (!(set in REAL_DOCUMENT_SETS)) throw new Error(`SETS: no set ${set} (${Object.keys(REAL_DOCUMENT_SETS).join(", ")})`);
  const only = env.ONLY?.split(",").filter(Boolean) ?? [];
  return realDocuments(root, sets).filter((image) => only.length === 0 || only.some((part) => image.file.includes(part)));
}

export const SHOW_HELD_APART = process.env.SHOW_HELD_APART === "1";

/** Acceptances where the readers did not disagree; any other readBy settled a disagreement (issue 33, item 1). */
export const READ_WITHOUT_DISAGREEMENT: readonly string[] = ["readers_agree", "template_confident", "licence_number_agrees"];

/** The MRZ the engine reports: the accepted text, else the text its readers agreed on before refusing it. */
export function reportedMrz(result: PhotoIdResult): string[] | null {
  const code = result.extractedDetails.mrz_code;
  if (code) return code.split("\n");
  return result.mrzReading?.lines ?? null;
}

export function readRealDocument(image: TruthImage, root = process.cwd()): Buffer {
  return readFileSync(path.resolve(root, image.file));
}

/** The first set's files are named <project>-<name>: fastmrz-td3.jpg. */
function sourceOf(file: string): string {
  const name = path.basename(file);
  return name.split(/__|-/)[0] ?? name;
}

/** The first set's truth says it by its fields: a visa, a page without an MRZ, an MRZ printed against its layout. */
function expectationOf(image: StoredImage): RealDocumentExpectation {
  if (image.mrz === "none") return "no_mrz";
  if (image.document === "visa") return "visa";
  return image.note?.includes("does not conform") ? "mrz_invalid" : "read";
}

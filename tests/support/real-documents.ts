import { readFileSync } from "node:fs";
import path from "node:path";
import type { PhotoIdKind } from "../../lib/server/documents/types";

/*
 * The real specimen pictures (../shared/real-data/documents, read from there, never copied) and
 * their truth, read by eye: tests/fixtures/real-documents/truth.json. Shared by the suite's test
 * and npm run bench:documents:real.
 */

export interface TruthImage {
  file: string;
  kind: PhotoIdKind;
  document: "passport" | "id_card" | "visa" | "none";
  mrz: string[] | "none";
  /** The holder's portrait is in the picture (document_contains_face must find it), read by eye. */
  portrait: boolean;
  note?: string;
}

export const REAL_DOCUMENTS_NOW = new Date("2026-11-24T12:00:00Z");

export function realDocuments(root = process.cwd()): TruthImage[] {
  return (JSON.parse(readFileSync(path.join(root, "tests/fixtures/real-documents/truth.json"), "utf8")) as { images: TruthImage[] }).images;
}

export function readRealDocument(image: TruthImage, root = process.cwd()): Buffer {
  return readFileSync(path.resolve(root, image.file));
}

import { readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "csv-parse/sync";

/*
 * Real photographs of real people for the face tests: ../shared/real-data/faces-deepface (read from
 * there, never copied into the project), who is who taken from pairs.csv's Decision column.
 */
export const DEEPFACE_DIR = path.resolve("../shared/real-data/faces-deepface");

export interface DeepfacePair {
  file_x: string;
  file_y: string;
  Decision: string;
}

export function deepfacePairs(): DeepfacePair[] {
  return parse(readFileSync(path.join(DEEPFACE_DIR, "pairs.csv")), { columns: true }) as DeepfacePair[];
}

/**
 * Three people: Alice (the first picture with two same-person partners) in three photographs,
 * Bob (the first person marked as not Alice) and Carol (the first marked as neither Alice nor Bob).
 */
export function deepfacePeople(): { alice: [string, string, string]; bob: string; carol: string } {
  const rows = deepfacePairs();
  const partners = (file: string, decision: string) =>
    rows
      .filter((r) => r.Decision === decision && (r.file_x === file || r.file_y === file))
      .map((r) => (r.file_x === file ? r.file_y : r.file_x));
  const alice = rows.find((r) => r.Decision === "Yes" && partners(r.file_x, "Yes").length >= 2)!.file_x;
  const [second, third] = partners(alice, "Yes");
  const bob = partners(alice, "No")[0]!;
  const carol = partners(alice, "No").find((f) => partners(bob, "No").includes(f))!;
  return { alice: [alice, second!, third!], bob, carol };
}

export const deepfaceImage = (file: string) => readFileSync(path.join(DEEPFACE_DIR, file));

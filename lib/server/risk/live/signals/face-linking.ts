import type { Db } from "@/lib/db";
import { FACE_MATCH_THRESHOLD } from "../../../faces/compare-faces";
import { findSimilarFaces } from "../../../network/face-search";
import { plural, signal, type SignalResult } from "./signal";

export type FaceInput = { kind: "none" } | { kind: "unusable"; reason: string } | { kind: "embedding"; embedding: number[] };

/**
 * `face_linked_to_multiple_identities`: the nearest faces on the network (pgvector HNSW where the
 * extension exists, exact search otherwise) that belong to another name or date of birth.
 */
export async function faceLinkingSignal(db: Db, options: { face: FaceInput; identityKey: string | null }): Promise<SignalResult> {
  const { face, identityKey } = options;
  if (face.kind === "none") return signal("face_linked_to_multiple_identities", "NOT_PERFORMED", "No face_scan was given");
  if (face.kind === "unusable") return signal("face_linked_to_multiple_identities", "NOT_PERFORMED", face.reason);
  // FACE_MATCH_THRESHOLD, a face score (0.65; faces/compare-faces.ts): measured on real photographs,
  // 37/38 same-person pairs linked and 0/262 different-person pairs (deepface), 7/231 of the
  // make-up party photos of face-api's demo people, and 153/154 altered copies among 100,000 faces.
  const similar = await findSimilarFaces(db, face.embedding, { limit: 20, minSimilarity: FACE_MATCH_THRESHOLD });
  const others = new Set(similar.filter((f) => f.identityKey && f.identityKey !== identityKey).map((f) => f.identityKey));
  if (others.size > 0) {
    const best = Math.max(...similar.filter((f) => f.identityKey !== identityKey).map((f) => f.similarity));
    return signal(
      "face_linked_to_multiple_identities",
      "FAIL",
      `This face matches ${plural(others.size, "other identity", "other identities")} on the network (best similarity ${best.toFixed(2)}, threshold ${FACE_MATCH_THRESHOLD})`,
      { fraud: ["FACE_LINKED_TO_MULTIPLE_IDENTITIES"] },
    );
  }
  const same = similar.length;
  return signal(
    "face_linked_to_multiple_identities",
    "PASS",
    same > 0
      ? `This face was seen ${plural(same, "time")} before, always with this identity`
      : "No other identity on the network has this face",
    { trust: ["NO_FACE_LINKS"] },
  );
}

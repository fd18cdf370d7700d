import type { Db } from "@/lib/db";
import { matchBlocklist } from "../../../blocklist/match-blocklist";
import { cosineFromScore, FACE_MATCH_THRESHOLD } from "../../../faces/compare-faces";
import { signal, type SignalResult } from "./signal";

const KIND_WORDS: Record<string, string> = { email: "email", identity: "name and date of birth", face: "face" };

/** `known_blocklist_match`: the platform blocklist (staff in the console, or the CLI). */
export async function blocklistSignal(
  db: Db,
  options: { emailKey: string; identityKey: string | null; faceEmbedding: number[] | null },
): Promise<SignalResult> {
  // The blocklist compares cosines: the network's face threshold (a face score) as the cosine it stands for.
  const found = await matchBlocklist(db, { ...options, faceThreshold: cosineFromScore(FACE_MATCH_THRESHOLD) });
  if (found.matched) {
    const kinds = [...new Set(found.entries.map((e) => KIND_WORDS[e.kind] ?? e.kind))].join(", ");
    const reasons = [...new Set(found.entries.map((e) => e.reason))].join("; ");
    return signal("known_blocklist_match", "FAIL", `Matches the platform blocklist by ${kinds}: ${reasons}`, {
      fraud: ["KNOWN_FRAUDSTER_MATCH"],
    });
  }
  const compared = options.faceEmbedding ? "email, name and date of birth, and face" : "email, name and date of birth";
  return signal("known_blocklist_match", "PASS", `No blocklist entry matches the ${compared}`, { trust: ["NO_KNOWN_FRAUD_MATCH"] });
}

import { and, eq, isNotNull, isNull, or, type SQL } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { blocklistEntries } from "@/lib/db/schema";
import { cosineSimilarity } from "./face-vectors";

export interface BlocklistMatchInput {
  /** `emailKey(networkKey, email)` of the person assessed. */
  emailKey: string;
  /** `identityKey(networkKey, …)`; null when the name or date of birth is missing. */
  identityKey: string | null;
  /** Unit-length face embedding, when a face was given. */
  faceEmbedding?: number[] | null;
  /** Cosine similarity at or above which a blocklisted face matches (the caller's face threshold). */
  faceThreshold?: number;
}

export interface BlocklistMatch {
  matched: boolean;
  /** What matched, without labels: the reason staff gave is all the caller may show. */
  entries: { id: string; kind: string; reason: string }[];
}

/**
 * The person against the active platform blocklist: by email key, by identity key (name in
 * any word order + date of birth), and by face (cosine in JS: face entries are few).
 */
export async function matchBlocklist(db: Db, input: BlocklistMatchInput): Promise<BlocklistMatch> {
  const keyed: SQL[] = [and(eq(blocklistEntries.kind, "email"), eq(blocklistEntries.emailKey, input.emailKey))!];
  if (input.identityKey) keyed.push(and(eq(blocklistEntries.kind, "identity"), eq(blocklistEntries.identityKey, input.identityKey))!);
  const face = input.faceEmbedding?.length ? input.faceEmbedding : null;
  if (face) keyed.push(and(eq(blocklistEntries.kind, "face"), isNotNull(blocklistEntries.faceEmbedding))!);
  const rows = await db
    .select({ id: blocklistEntries.id, kind: blocklistEntries.kind, reason: blocklistEntries.reason, faceEmbedding: blocklistEntries.faceEmbedding })
    .from(blocklistEntries)
    .where(and(isNull(blocklistEntries.removedAt), or(...keyed)));
  const threshold = input.faceThreshold ?? 1;
  const entries = rows
    .filter((row) => row.kind !== "face" || (face && row.faceEmbedding && row.faceEmbedding.length === face.length && cosineSimilarity(face, row.faceEmbedding) >= threshold))
    .map(({ id, kind, reason }) => ({ id, kind, reason }));
  return { matched: entries.length > 0, entries };
}

import { and, eq, isNotNull, isNull, or, sql } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { preparedPerDb } from "@/lib/db/prepared-query";
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
// One statement for every input (issue 14: built once per database, a placeholder per value). A
// null identity key matches no row (`= null` is never true); face entries come only when asked.
const activeEntries = preparedPerDb((db) =>
  db
    .select({ id: blocklistEntries.id, kind: blocklistEntries.kind, reason: blocklistEntries.reason, faceEmbedding: blocklistEntries.faceEmbedding })
    .from(blocklistEntries)
    .where(
      and(
        isNull(blocklistEntries.removedAt),
        or(
          and(eq(blocklistEntries.kind, "email"), eq(blocklistEntries.emailKey, sql.placeholder("emailKey"))),
          and(eq(blocklistEntries.kind, "identity"), eq(blocklistEntries.identityKey, sql.placeholder("identityKey"))),
          and(sql`${sql.placeholder("withFaces")}::boolean`, eq(blocklistEntries.kind, "face"), isNotNull(blocklistEntries.faceEmbedding)),
        ),
      ),
    )
    .prepare("blocklist_active_entries"),
);

export async function matchBlocklist(db: Db, input: BlocklistMatchInput): Promise<BlocklistMatch> {
  const face = input.faceEmbedding?.length ? input.faceEmbedding : null;
  const rows = await activeEntries(db).execute({ emailKey: input.emailKey, identityKey: input.identityKey, withFaces: face !== null });
  const threshold = input.faceThreshold ?? 1;
  const entries = rows
    .filter((row) => row.kind !== "face" || (face && row.faceEmbedding && row.faceEmbedding.length === face.length && cosineSimilarity(face, row.faceEmbedding) >= threshold))
    .map(({ id, kind, reason }) => ({ id, kind, reason }));
  return { matched: entries.length > 0, entries };
}

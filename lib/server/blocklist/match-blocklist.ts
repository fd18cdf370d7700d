import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { rowsOf } from "@/lib/db/rows-of";
import { itemsJson, rowsPerItem, turnBatches } from "@/lib/db/turn-batches";
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

type EntryRow = { i: number; id: string; kind: string; reason: string; face_embedding: number[] | null };
type Ask = { emailKey: string; identityKey: string | null; withFaces: boolean };

/**
 * The active entries matching each ask, for every ask of one turn in one statement (issue 14;
 * lib/db/turn-batches.ts): each ask is a row of a JSON parameter joined to the entries by email key,
 * by identity key, and to face entries when it has a face. A null identity key matches no row. An
 * ask's entries come by kind (email, identity, face), then id.
 */
const activeEntries = turnBatches<Ask, EntryRow[]>(async (db, asks) => {
  const keys = itemsJson(asks, (a) => ({ email_key: a.emailKey, identity_key: a.identityKey, with_faces: a.withFaces }));
  const rows = rowsOf<EntryRow>(
    // One join per kind, so the email and identity matches are index lookups however long the list;
    // the face entries (a scan) are read only when an ask has a face.
    await db.execute(sql`with k as (select * from jsonb_to_recordset(${keys}::jsonb) as k(i int, email_key text, identity_key text, with_faces boolean))
      select k.i, 1 as o, b.id, b.kind, b.reason, b.face_embedding from k join ${blocklistEntries} b on b.email_key = k.email_key and b.kind = 'email' and b.removed_at is null
      union all
      select k.i, 2, b.id, b.kind, b.reason, b.face_embedding from k join ${blocklistEntries} b on b.identity_key = k.identity_key and b.kind = 'identity' and b.removed_at is null
      ${asks.some((a) => a.withFaces) ? sql`union all select k.i, 3, b.id, b.kind, b.reason, b.face_embedding from k join ${blocklistEntries} b on k.with_faces and b.kind = 'face' and b.face_embedding is not null and b.removed_at is null` : sql``}
      order by 1, 2, 3`),
  );
  return rowsPerItem(rows, asks.length);
});

/**
 * The person against the active platform blocklist: by email key, by identity key (name in
 * any word order + date of birth), and by face (cosine in JS: face entries are few).
 */
export async function matchBlocklist(db: Db, input: BlocklistMatchInput): Promise<BlocklistMatch> {
  const face = input.faceEmbedding?.length ? input.faceEmbedding : null;
  const rows = await activeEntries(db, { emailKey: input.emailKey, identityKey: input.identityKey, withFaces: face !== null });
  const threshold = input.faceThreshold ?? 1;
  const entries = rows
    .filter(
      (row) =>
        row.kind !== "face" ||
        (face &&
          row.face_embedding &&
          row.face_embedding.length === face.length &&
          cosineSimilarity(face, row.face_embedding) >= threshold),
    )
    .map(({ id, kind, reason }) => ({ id, kind, reason }));
  return { matched: entries.length > 0, entries };
}

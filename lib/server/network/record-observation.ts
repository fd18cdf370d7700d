import type { Db } from "@/lib/db";
import { networkIdentities } from "@/lib/db/schema";
import { newId } from "../shared/crypto";
import { recordFace } from "./face-search";

export interface RecordObservationOptions {
  teamId: string;
  source: "risk_assessment" | "verification";
  sourceId: string;
  emailKey: string;
  identityKey: string | null;
  faceEmbedding?: number[] | null;
  now?: Date;
}

/**
 * Adds one live submission to the fraud network (keys only, see keys.ts). Called inside the
 * transaction that stores the assessment or the case, so the network never holds a submission
 * that was not kept, nor misses one that was.
 */
export async function recordObservation(db: Db, options: RecordObservationOptions): Promise<string> {
  const row = observationRow(options);
  const id = row.id;
  await db.insert(networkIdentities).values(row);
  if (options.faceEmbedding) {
    await recordFace(db, {
      teamId: options.teamId,
      networkIdentityId: id,
      identityKey: options.identityKey,
      embedding: options.faceEmbedding,
    });
  }
  return id;
}

/** The network row of an observation (its id is new), for callers that store it in a statement of their own. */
export function observationRow(options: Omit<RecordObservationOptions, "faceEmbedding">): typeof networkIdentities.$inferInsert {
  return {
    id: newId("net"),
    teamId: options.teamId,
    source: options.source,
    sourceId: options.sourceId,
    emailKey: options.emailKey,
    identityKey: options.identityKey,
    ...(options.now && { createdAt: options.now }),
  };
}

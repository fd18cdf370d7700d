import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { rowsOf } from "@/lib/db/rows-of";
import { FACE_MODEL } from "../faces/describe-face";
import { embedFace } from "../faces/embed-face";
import { faceCode } from "../faces/face-code";
import { readEvidenceBytes } from "../evidence/read-evidence-bytes";

export interface ReembedReport {
  /** Faces of an older model found on the network. */
  found: number;
  /** Re-described from the face scan still held as evidence, now of FACE_MODEL. */
  reembedded: number;
  /** Not re-described: the face scan is gone (deleted by retention) or was never kept. */
  noEvidence: number;
  /** Not re-described: the face scan held shows no usable face for the current model (the code, e.g. no_face, counted). */
  noFace: Record<string, number>;
}

/**
 * Re-describes the network's faces made by an older model (issue 26: faceres before the ResNet-34)
 * from the evidence that is still held: the face scan of the case or assessment the face came
 * with (network_identities.source / source_id → evidence_files, role `face_scan`, the latest).
 * A face whose scan is gone stays as it was: never compared (searches take only FACE_MODEL's
 * faces), removed with its owner by retention. Returns what it did; reads in batches, one face
 * described at a time (the model runs on one core), each face's row updated on its own.
 */
export async function reembedNetworkFaces(db: Db, options: { batchSize?: number } = {}): Promise<ReembedReport> {
  const batchSize = options.batchSize ?? 100;
  const report: ReembedReport = { found: 0, reembedded: 0, noEvidence: 0, noFace: {} };
  let after = "";
  for (;;) {
    const rows = rowsOf<{ id: string; evidence_id: string | null }>(
      await db.execute(sql`
        select f.id, (
          select e.id from evidence_files e
          where n.id is not null and e.owner_type = n.source and e.owner_id = n.source_id and e.role = 'face_scan'
          order by e.created_at desc limit 1
        ) as evidence_id
        from network_faces f left join network_identities n on n.id = f.network_identity_id
        where f.model <> ${FACE_MODEL} and f.id > ${after}
        order by f.id limit ${batchSize}`),
    );
    if (rows.length === 0) break;
    after = rows[rows.length - 1]!.id;
    report.found += rows.length;
    for (const row of rows) {
      const image = row.evidence_id ? await faceScan(db, row.evidence_id) : null;
      if (!image) {
        report.noEvidence++;
        continue;
      }
      const face = await embedFace(image);
      if (!face.ok) {
        const code = face.error.code ?? "error";
        report.noFace[code] = (report.noFace[code] ?? 0) + 1;
        continue;
      }
      const { embedding } = face.value;
      await db.execute(
        sql`update network_faces set embedding = ${`{${embedding.join(",")}}`}::real[], model = ${FACE_MODEL}, embedding_code = ${faceCode(embedding)}::bit(1024) where id = ${row.id}`,
      );
      report.reembedded++;
    }
    if (rows.length < batchSize) break;
  }
  return report;
}

/** The evidence's plain bytes (unsealed, from the object store where it lives there); null when they cannot be read. */
async function faceScan(db: Db, evidenceId: string): Promise<Buffer | null> {
  const [row] = rowsOf<{ id: string; data: Uint8Array | Buffer }>(
    await db.execute(sql`select id, data from evidence_files where id = ${evidenceId}`),
  );
  if (!row) return null;
  return readEvidenceBytes(db, { id: row.id, data: Buffer.from(row.data) }).catch(() => null);
}

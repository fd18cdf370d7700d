import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import type { EvidenceKeyring } from "./evidence-keys";

/*
 * The sealed form of one evidence file: "VEV1" | key-id length (1 byte) | key id | IV (12) |
 * GCM tag (16) | ciphertext. The evidence id is the additional data, so a sealed blob copied onto
 * another row (or another file's object) fails to open instead of showing the wrong person.
 */
const MAGIC = Buffer.from("VEV1", "latin1");

export function sealEvidence(keyring: EvidenceKeyring, evidenceId: string, plain: Buffer): Buffer {
  const key = keyring.keys.get(keyring.currentId)!;
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(evidenceId, "utf8"));
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  const id = Buffer.from(keyring.currentId, "utf8");
  return Buffer.concat([MAGIC, Buffer.from([id.length]), id, iv, cipher.getAuthTag(), body]);
}

export function isSealed(blob: Buffer): boolean {
  return blob.length > 5 && blob.subarray(0, 4).equals(MAGIC);
}

/** The key id a sealed blob was made with (null for a plain one, stored before encryption). */
export function sealedKeyId(blob: Buffer): string | null {
  if (!isSealed(blob)) return null;
  return blob.subarray(5, 5 + blob[4]!).toString("utf8");
}

/** Opens a sealed blob; a plain one (kept from before encryption at rest) is returned as it is. */
export function openEvidence(keyring: EvidenceKeyring, evidenceId: string, blob: Buffer): Buffer {
  if (!isSealed(blob)) return blob;
  const idLength = blob[4]!;
  const keyId = blob.subarray(5, 5 + idLength).toString("utf8");
  const key = keyring.keys.get(keyId);
  if (!key) throw new Error(`Evidence ${evidenceId} is sealed with key ${keyId}, which is not in EVIDENCE_KEYS`);
  const start = 5 + idLength;
  const decipher = createDecipheriv("aes-256-gcm", key, blob.subarray(start, start + 12));
  decipher.setAAD(Buffer.from(evidenceId, "utf8"));
  decipher.setAuthTag(blob.subarray(start + 12, start + 28));
  return Buffer.concat([decipher.update(blob.subarray(start + 28)), decipher.final()]);
}

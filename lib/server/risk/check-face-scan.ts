import { fail, ok, type Result } from "../shared/result";

/** spec 8: `face_scan` is at most 10 MB. */
export const FACE_SCAN_MAX_BYTES = 10 * 1024 * 1024;

export type FaceScanType = "image/jpeg" | "image/png";

export interface FaceScan {
  mimeType: FaceScanType;
  size: number;
  bytes: Buffer;
}

// The declared type and the file name come from the client; only the first bytes are trusted.
const SIGNATURES: { mimeType: FaceScanType; magic: readonly number[] }[] = [
  { mimeType: "image/jpeg", magic: [0xff, 0xd8, 0xff] },
  { mimeType: "image/png", magic: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
];

/** JPEG or PNG by magic bytes, or null for anything else. */
export function detectImageType(head: Uint8Array): FaceScanType | null {
  const match = SIGNATURES.find(({ magic }) => head.length >= magic.length && magic.every((byte, i) => head[i] === byte));
  return match?.mimeType ?? null;
}

/** spec 2.5 and 8: too large → 413, not a JPEG or PNG → 415; no file → null. */
export async function checkFaceScan(file: Blob | undefined): Promise<Result<FaceScan | null>> {
  if (!file) return ok(null);
  if (file.size > FACE_SCAN_MAX_BYTES) {
    return fail("too_large", "face_scan is larger than 10 MB", {
      detail: { face_scan: `Must be at most 10 MB (${FACE_SCAN_MAX_BYTES} bytes)` },
    });
  }
  const head = new Uint8Array(await file.slice(0, 8).arrayBuffer());
  const mimeType = detectImageType(head);
  if (!mimeType) {
    return fail("unsupported_type", "face_scan must be a JPEG or PNG image", {
      detail: { face_scan: "Must be a JPEG or PNG image (judged by its content, not its name or declared type)" },
    });
  }
  return ok({ mimeType, size: file.size, bytes: Buffer.from(await file.arrayBuffer()) });
}

import sharp from "sharp";
import { detectImageType } from "../risk/check-face-scan";
import { fail, ok, type Result } from "../shared/result";

/*
 * Every uploaded document passes here before any engine sees it: the type is judged by its magic
 * bytes (never the declared type), the size by spec 8's 10 MB, and an image's pixel count from its
 * header alone, so a small file that would decode to gigabytes (a "PNG bomb") is refused before
 * any pixel is decoded. A file of an accepted type that cannot be processed (cut short,
 * undecodable, too small, too many pixels or pages) is well-formed but refused: 422, as the real
 * API answers on its document endpoints; an empty file is missing input: 400.
 */

export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
/** 50 MP: above any phone camera's still (48 MP sensors bin to 12 MP by default). */
export const DOCUMENT_MAX_PIXELS = 50_000_000;

/** The smallest side an uploaded picture may have, px: under it no document can be read (422 image_too_small). */
export const DOCUMENT_MIN_SIDE = 200;

/** An address document is a few pages; a long PDF is not a bill, and rendering it is costly. */
export const DOCUMENT_MAX_PDF_PAGES = 20;

export type DocumentMimeType = "image/jpeg" | "image/png" | "application/pdf";

export function sniffDocumentType(bytes: Uint8Array): DocumentMimeType | null {
  if (bytes.length >= 5 && Buffer.from(bytes.subarray(0, 5)).toString("latin1") === "%PDF-") return "application/pdf";
  return detectImageType(bytes);
}

export interface CheckedUpload {
  mimeType: DocumentMimeType;
  width: number | null;
  height: number | null;
}

/** `field` names the form field in error details; `allowPdf` for address documents. */
export async function checkDocumentUpload(
  bytes: Buffer,
  field: string,
  options: { allowPdf?: boolean } = {},
): Promise<Result<CheckedUpload>> {
  if (bytes.length === 0) return fail("invalid", `${field} is empty`, { detail: { [field]: "Must be a non-empty file" } });
  if (bytes.length > DOCUMENT_MAX_BYTES)
    return fail("too_large", `${field} is larger than 10 MB`, { detail: { [field]: `Must be at most ${DOCUMENT_MAX_BYTES} bytes` } });
  const mimeType = sniffDocumentType(bytes);
  const accepted = options.allowPdf ? "JPEG, PNG or PDF" : "JPEG or PNG";
  if (!mimeType || (mimeType === "application/pdf" && !options.allowPdf)) {
    return fail("unsupported_type", `${field} must be a ${accepted} file`, {
      detail: { [field]: `Must be a ${accepted} file (judged by its content)` },
    });
  }
  if (!looksComplete(bytes, mimeType)) {
    return fail("refused", `${field} is incomplete (the file ends before its end marker)`, {
      detail: { [field]: "Must be a complete file" },
      code: "truncated_file",
    });
  }
  if (mimeType === "application/pdf") {
    const pages = countPdfPages(bytes);
    if (pages > DOCUMENT_MAX_PDF_PAGES) {
      return fail("refused", `${field} has ${pages} pages`, {
        detail: { [field]: `Must have at most ${DOCUMENT_MAX_PDF_PAGES} pages` },
        code: "too_many_pages",
      });
    }
    return ok({ mimeType, width: null, height: null });
  }
  let width = 0;
  let height = 0;
  try {
    ({ width = 0, height = 0 } = await sharp(bytes, { limitInputPixels: false }).metadata());
  } catch {
    return fail("refused", `${field} could not be read as an image`, {
      detail: { [field]: "Must be a complete, readable image" },
      code: "unreadable_image",
    });
  }
  if (width * height > DOCUMENT_MAX_PIXELS) {
    return fail("refused", `${field} has too many pixels (${width}×${height})`, {
      detail: { [field]: `Must be at most ${DOCUMENT_MAX_PIXELS / 1e6} megapixels` },
      code: "image_too_large",
    });
  }
  if (width < DOCUMENT_MIN_SIDE || height < DOCUMENT_MIN_SIDE)
    return fail("refused", `${field} is too small to read (${width}×${height})`, {
      detail: { [field]: `Must be at least ${DOCUMENT_MIN_SIDE} pixels on each side` },
      code: "image_too_small",
    });
  return ok({ mimeType, width, height });
}

/**
 * A file cut short in transfer (or on purpose) still has a valid header: JPEG must end with its
 * EOI marker, PNG with its IEND chunk, PDF with %%EOF (a little trailing junk is tolerated, as
 * some writers leave it).
 */
function looksComplete(bytes: Buffer, mimeType: DocumentMimeType): boolean {
  const tail = bytes.subarray(Math.max(0, bytes.length - 1024));
  if (mimeType === "image/jpeg") return tail.includes(Buffer.from([0xff, 0xd9]));
  if (mimeType === "image/png") return tail.includes(Buffer.from("IEND", "latin1"));
  return tail.includes(Buffer.from("%%EOF", "latin1"));
}

/** Pages declared in a PDF's uncompressed objects (object streams hide theirs: the reader counts those). */
function countPdfPages(bytes: Buffer): number {
  return bytes.toString("latin1").match(/\/Type\s*\/Page(?![a-zA-Z])/g)?.length ?? 0;
}

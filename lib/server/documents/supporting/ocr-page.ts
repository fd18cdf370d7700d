import { closeLearnedOcr, recognizeText, type OcrLine } from "../ocr/learned-ocr";
import { ocrLinesToPage, type OcrLinesPage } from "./ocr-lines";
import { restoreSpaces, wordRuns, type RawImage } from "./restore-spaces";

/*
 * OCR of a whole page (a scan or a photo of a bill) with the learned OCR (PP-OCRv4 detection and
 * recognition, lib/server/documents/ocr): it finds the lines of text wherever they are (columns,
 * a reference panel beside the address block, a page lying on a table) and reads them at any
 * size, where Tesseract's page segmentation needed a flat, clean page. The spaces its recognizer
 * leaves out between capitalised words are put back from the line's pixels (restore-spaces.ts),
 * and its lines become the text pieces the address extractors read (ocr-lines.ts). A model that
 * cannot load throws LearnedOcrUnavailableError: an engine failure, never a request to send a
 * clearer copy.
 */

export type OcrPage = OcrLinesPage;

/** A row the OCR joined from several boxes may list them (a label and its value across a gap stay apart). */
type RowLine = OcrLine & { parts?: OcrLine[] };

/** Reads one page image (raw pixels, upright); `page` is stamped on every piece. */
export async function ocrPage(image: RawImage, page: number): Promise<OcrPage> {
  const rows: RowLine[] = await recognizeText({ data: Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength), width: image.width, height: image.height, channels: image.channels });
  const lines = rows.flatMap((row) => (row.parts?.length ? row.parts : [row]));
  const spaced = lines.map((line) => {
    // Only runs of letters can have lost a space that matters (a name, a label).
    if (!/\p{L}{6}/u.test(line.text)) return line;
    const runs = wordRuns(image, line.box, line.text);
    return runs ? { ...line, text: restoreSpaces(line.text, runs) } : line;
  });
  return ocrLinesToPage(spaced, page);
}

/** Ends the learned OCR's thread (tests and benchmarks, so the process can exit). */
export async function closeSupportingOcr(): Promise<void> {
  await closeLearnedOcr();
}

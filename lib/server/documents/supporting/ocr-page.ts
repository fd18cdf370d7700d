import sharp from "sharp";
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
 *
 * A bill's body text is small (9 pt is ~25 px on a 200 dpi scan) and the learned OCR scales a
 * page down to fit its detector (960 px by default), which would leave it ~10 px tall: a tall
 * page is read in overlapping bands across its full width, each sent at no more than BAND px a
 * side and detected at that size, so the text keeps ~3/4 of its size; each line is kept from the
 * band it lies wholly inside.
 */

export type OcrPage = OcrLinesPage;

/** The longest side of one band as sent to the learned OCR, which detects it at this size (not its default 960). */
const BAND = 1280;
const OVERLAP = 200;
/** Bands narrower than this share of the image's width are not worth reading whole first. */
const MIN_SCALE = 0.6;

/** A row the OCR joined from several boxes lists them (a label and its value across a gap stay apart). */
type RowLine = OcrLine & { parts?: OcrLine[] };

async function readInBands(image: RawImage): Promise<OcrLine[]> {
  const scale = Math.min(1, BAND / image.width);
  let work: RawImage = image;
  if (scale < 1) {
    const { data, info } = await sharp(image.data, {
      raw: { width: image.width, height: image.height, channels: image.channels as 1 | 2 | 3 | 4 },
    })
      .resize(Math.round(image.width * scale), Math.round(image.height * scale), { kernel: "lanczos3" })
      .raw()
      .toBuffer({ resolveWithObject: true });
    work = { data, width: info.width, height: info.height, channels: info.channels };
  }
  const rowBytes = work.width * work.channels;
  const tops: number[] = [];
  if (work.height <= BAND) tops.push(0);
  else
    for (let top = 0; ; top += BAND - OVERLAP) {
      if (top + BAND >= work.height) {
        tops.push(work.height - BAND);
        break;
      }
      tops.push(top);
    }
  const lines: OcrLine[] = [];
  for (const [i, top] of tops.entries()) {
    const height = Math.min(BAND, work.height - top);
    const band = Buffer.from(work.data.buffer, work.data.byteOffset + top * rowBytes, height * rowBytes);
    const rows: RowLine[] = await recognizeText({ data: band, width: work.width, height, channels: work.channels }, { maxSide: BAND });
    // A line belongs to one band: the boundary is the middle of two bands' overlap (a line cut at
    // one band's edge lies wholly inside the other).
    const from = i === 0 ? -Infinity : (top + tops[i - 1]! + BAND) / 2;
    const to = i === tops.length - 1 ? Infinity : (tops[i + 1]! + top + BAND) / 2;
    for (const line of rows.flatMap((row) => (row.parts?.length ? row.parts : [row]))) {
      const cy = top + line.box.reduce((sum, [, y]) => sum + y, 0) / 4;
      if (cy < from || cy >= to) continue;
      const box = line.box.map(([x, y]) => [x / scale, (y + top) / scale]) as OcrLine["box"];
      lines.push({ text: line.text, score: line.score, box });
    }
  }
  return lines;
}

/**
 * A photo much wider than BAND (a page photographed in landscape, the table around it) is first
 * read whole to find where its text lies, and the bands are cut from that stretch only: otherwise
 * the bands' width would shrink the page's text to a few pixels.
 */
async function readPage(image: RawImage): Promise<OcrLine[]> {
  if (image.width <= BAND / MIN_SCALE) return readInBands(image);
  const whole = (await recognizeText(image))
    .flatMap((row: RowLine) => (row.parts?.length ? row.parts : [row]))
    .filter((l) => l.score >= 0.8);
  if (!whole.length) return [];
  const xs = whole.flatMap((l) => l.box.map(([x]) => x));
  const margin = 0.05 * image.width;
  const left = Math.max(0, Math.floor(Math.min(...xs) - margin));
  const right = Math.min(image.width, Math.ceil(Math.max(...xs) + margin));
  if (right - left >= 0.9 * image.width) return readInBands(image);
  const { data, info } = await sharp(image.data, {
    raw: { width: image.width, height: image.height, channels: image.channels as 1 | 2 | 3 | 4 },
  })
    .extract({ left, top: 0, width: right - left, height: image.height })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const lines = await readInBands({ data, width: info.width, height: info.height, channels: info.channels });
  return lines.map((l) => ({ ...l, box: l.box.map(([x, y]) => [x + left, y]) as OcrLine["box"] }));
}

/** Reads one page image (raw pixels, upright); `page` is stamped on every piece. */
export async function ocrPage(image: RawImage, page: number): Promise<OcrPage> {
  const lines = await readPage(image);
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

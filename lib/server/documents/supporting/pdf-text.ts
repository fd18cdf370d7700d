import { getDocumentProxy } from "unpdf";
import { layoutSegments, type PageLayout, type TextPiece } from "./text-layout";

/*
 * A PDF's own text layer (a statement downloaded from online banking has one; a scan has none).
 * The page count is read from the page tree before any page is touched: a 500-page upload is
 * refused at once, not parsed. Only the first pages are read: the holder, address and date are
 * on page 1 of every bill and statement.
 */

export const MAX_PDF_PAGES = 20;
const PAGES_READ = 3;
/** Fewer characters than this on the pages read: treat the PDF as a scan. */
const MIN_TEXT_CHARS = 40;

export type PdfFailure = "encrypted" | "too_many_pages" | "unreadable";
export type PdfText =
  | { kind: "text"; layout: PageLayout; pageCount: number }
  | { kind: "no_text"; pageCount: number }
  | { kind: "failure"; reason: PdfFailure; message: string };

interface TextItemLike {
  str: string;
  transform: number[];
  width: number;
  height: number;
}

export async function readPdfText(bytes: Buffer): Promise<PdfText> {
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    pdf = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0, disableFontFace: true, stopAtErrors: false });
  } catch (error) {
    const name = (error as { name?: string }).name ?? "";
    if (name === "PasswordException")
      return { kind: "failure", reason: "encrypted", message: "The PDF is protected by a password; send it without protection" };
    return { kind: "failure", reason: "unreadable", message: "The PDF could not be read (it is damaged or incomplete)" };
  }
  try {
    const pageCount = pdf.numPages;
    if (pageCount > MAX_PDF_PAGES) {
      return {
        kind: "failure",
        reason: "too_many_pages",
        message: `The PDF has ${pageCount} pages; an address document has at most ${MAX_PDF_PAGES}`,
      };
    }
    const pieces: TextPiece[] = [];
    const pages: PageLayout["pages"] = [];
    let chars = 0;
    for (let i = 1; i <= Math.min(pageCount, PAGES_READ); i++) {
      const page = await pdf.getPage(i);
      const [vx0 = 0, vy0 = 0, vx1 = 612, vy1 = 792] = page.view;
      const height = vy1 - vy0;
      pages[i - 1] = { width: vx1 - vx0, height };
      const content = await page.getTextContent();
      for (const raw of content.items) {
        const item = raw as TextItemLike;
        if (typeof item.str !== "string" || !item.str.trim()) continue;
        const [a = 0, b = 0, , , e = 0, f = 0] = item.transform;
        const size = Math.hypot(a, b) || item.height || 10;
        const top = height - (f - vy0) - 0.8 * size;
        pieces.push({ text: item.str, page: i - 1, x0: e - vx0, x1: e - vx0 + item.width, y0: top, y1: top + size });
        chars += item.str.trim().length;
      }
      page.cleanup();
    }
    if (chars < MIN_TEXT_CHARS) return { kind: "no_text", pageCount };
    return { kind: "text", layout: { segments: layoutSegments(pieces), pages }, pageCount };
  } catch {
    return { kind: "failure", reason: "unreadable", message: "The PDF could not be read (it is damaged or incomplete)" };
  } finally {
    await pdf.loadingTask.destroy().catch(() => undefined);
  }
}

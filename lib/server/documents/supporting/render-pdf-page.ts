/*
 * A scanned PDF's pages drawn as grey images for OCR, with MuPDF (WASM). Loaded on first use
 * only: text PDFs and photos never pay for it. The scale gives ~200 dpi on an A4 page, capped
 * so an absurd page size (a 5-metre MediaBox) cannot ask for gigapixels.
 */

const DPI = 200;
const MAX_PIXELS = 12_000_000;

type Mupdf = typeof import("mupdf");
let loaded: Promise<Mupdf> | null = null;
const loadMupdf = () => (loaded ??= import("mupdf"));

export type RenderedPages =
  | { ok: true; pages: { png: Buffer; width: number; height: number }[]; pageCount: number }
  | { ok: false; reason: "encrypted" | "unreadable" | "too_many_pages"; message: string };

export async function renderPdfPages(bytes: Buffer, pageIndexes: number[], maxPages: number): Promise<RenderedPages> {
  const mupdf = await loadMupdf();
  let doc: InstanceType<Mupdf["Document"]> | null = null;
  try {
    doc = mupdf.Document.openDocument(bytes, "application/pdf");
    if (doc.needsPassword())
      return { ok: false, reason: "encrypted", message: "The PDF is protected by a password; send it without protection" };
    const pageCount = doc.countPages();
    if (pageCount > maxPages)
      return {
        ok: false,
        reason: "too_many_pages",
        message: `The PDF has ${pageCount} pages; an address document has at most ${maxPages}`,
      };
    const pages = [];
    for (const index of pageIndexes.filter((i) => i < pageCount)) {
      const page = doc.loadPage(index);
      const [x0, y0, x1, y1] = page.getBounds();
      const points = Math.max(1, (x1 - x0) * (y1 - y0));
      const scale = Math.min(DPI / 72, Math.sqrt(MAX_PIXELS / points));
      const pixmap = page.toPixmap(mupdf.Matrix.scale(scale, scale), mupdf.ColorSpace.DeviceGray, false, true);
      pages.push({ png: Buffer.from(pixmap.asPNG()), width: pixmap.getWidth(), height: pixmap.getHeight() });
      pixmap.destroy();
      page.destroy();
    }
    return { ok: true, pages, pageCount };
  } catch {
    return { ok: false, reason: "unreadable", message: "The PDF could not be drawn (it is damaged or incomplete)" };
  } finally {
    doc?.destroy();
  }
}

import { deflateSync } from "node:zlib";

/*
 * A minimal PDF writer for generated address documents, so the tests hold real PDFs of both kinds
 * a person uploads: a "born digital" statement (text in the standard Helvetica fonts, a text layer
 * any reader extracts) and a scan (one JPEG per page, DCTDecode, no text layer at all). Coordinates
 * are PDF points with the origin at the page's top-left (flipped when written).
 */

export type Rgb = readonly [number, number, number];

export type PdfOp =
  | { kind: "text"; x: number; y: number; size: number; text: string; bold?: boolean; color?: Rgb; align?: "left" | "right" }
  | { kind: "rect"; x: number; y: number; width: number; height: number; fill?: Rgb; stroke?: Rgb; lineWidth?: number }
  | { kind: "line"; x1: number; y1: number; x2: number; y2: number; color?: Rgb; lineWidth?: number };

export interface PdfTextPage {
  kind: "text";
  width: number;
  height: number;
  ops: PdfOp[];
}

export interface PdfImagePage {
  kind: "image";
  width: number;
  height: number;
  /** Baseline JPEG bytes, drawn over the whole page. */
  jpeg: Buffer;
  pixelWidth: number;
  pixelHeight: number;
  channels: 1 | 3;
}

export type PdfPage = PdfTextPage | PdfImagePage;

export const A4_POINTS = { width: 595.28, height: 841.89 } as const;

// Helvetica and Helvetica-Bold advance widths (1/1000 em), WinAnsi codes 32–255 (Adobe's AFM).
const W = {
  regular:
    "278,278,355,556,556,889,667,191,333,333,389,584,278,333,278,278,556,556,556,556,556,556,556,556,556,556,278,278,584,584,584,556,1015,667,667,722,722,667,611,778,722,278,500,667,556,833,722,778,667,778,722,667,611,722,667,944,667,667,611,278,278,278,469,556,333,556,556,500,556,556,278,556,556,222,222,500,222,833,556,556,556,556,333,500,278,556,500,722,500,500,500,334,260,334,584,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,278,333,556,556,556,556,260,556,333,737,370,556,584,0,737,333,400,584,333,333,333,556,537,278,333,333,365,556,834,834,834,611,667,667,667,667,667,667,1000,722,667,667,667,667,278,278,278,278,722,722,778,778,778,778,778,584,778,722,722,722,722,667,667,611,556,556,556,556,556,556,889,500,556,556,556,556,278,278,278,278,556,556,556,556,556,556,556,584,611,556,556,556,556,500,556,500",
  bold: "278,333,474,556,556,889,722,238,333,333,389,584,278,333,278,278,556,556,556,556,556,556,556,556,556,556,333,333,584,584,584,611,975,722,722,722,722,667,611,778,722,278,556,722,611,833,722,778,667,778,722,667,611,722,667,944,667,667,611,333,278,333,584,556,333,556,611,556,611,556,333,611,611,278,278,556,278,889,611,611,611,611,389,556,333,611,556,778,556,556,500,389,280,389,584,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,278,333,556,556,556,556,280,556,333,737,370,556,584,0,737,333,400,584,333,333,333,611,556,278,333,333,365,556,834,834,834,611,722,722,722,722,722,722,1000,722,667,667,667,667,278,278,278,278,722,722,778,778,778,778,778,584,778,722,722,722,722,667,667,611,556,556,556,556,556,556,889,556,556,556,556,556,278,278,278,278,611,611,611,611,611,611,611,584,611,611,611,611,611,556,611,556",
};
const WIDTHS = { regular: W.regular.split(",").map(Number), bold: W.bold.split(",").map(Number) };

/** Text as WinAnsi bytes (Latin-1 here; anything outside it becomes "?"). */
function winAnsi(text: string): number[] {
  return [...text].map((ch) => {
    const code = ch === "\u2013" || ch === "\u2014" ? 45 : (ch.codePointAt(0) ?? 63);
    return code >= 32 && code <= 255 && !(code >= 127 && code < 160) ? code : 63;
  });
}

/** The advance width of `text` in points at `size` (what a right-aligned amount needs). */
export function helveticaWidth(text: string, size: number, bold = false): number {
  const table = bold ? WIDTHS.bold : WIDTHS.regular;
  return (winAnsi(text).reduce((sum, code) => sum + (table[code - 32] ?? 556), 0) * size) / 1000;
}

function pdfString(text: string): string {
  return `(${winAnsi(text)
    .map((code) =>
      code === 40 || code === 41 || code === 92
        ? `\\${String.fromCharCode(code)}`
        : code > 126
          ? `\\${code.toString(8).padStart(3, "0")}`
          : String.fromCharCode(code),
    )
    .join("")})`;
}

const n = (v: number) => (Math.round(v * 100) / 100).toString();
const rgb = (c: Rgb) => c.map((v) => n(v / 255)).join(" ");

function contentOf(page: PdfTextPage): string {
  const h = page.height;
  const out: string[] = [];
  for (const op of page.ops) {
    if (op.kind === "rect") {
      if (op.fill) out.push(`${rgb(op.fill)} rg`);
      if (op.stroke) out.push(`${rgb(op.stroke)} RG ${n(op.lineWidth ?? 0.5)} w`);
      const paint = op.fill && op.stroke ? "B" : op.fill ? "f" : "S";
      out.push(`${n(op.x)} ${n(h - op.y - op.height)} ${n(op.width)} ${n(op.height)} re ${paint}`);
    } else if (op.kind === "line") {
      out.push(
        `${rgb(op.color ?? [0, 0, 0])} RG ${n(op.lineWidth ?? 0.5)} w ${n(op.x1)} ${n(h - op.y1)} m ${n(op.x2)} ${n(h - op.y2)} l S`,
      );
    } else {
      const x = op.align === "right" ? op.x - helveticaWidth(op.text, op.size, op.bold) : op.x;
      out.push(
        `BT ${rgb(op.color ?? [0, 0, 0])} rg /${op.bold ? "F2" : "F1"} ${n(op.size)} Tf ${n(x)} ${n(h - op.y)} Td ${pdfString(op.text)} Tj ET`,
      );
    }
  }
  return out.join("\n");
}

export interface WritePdfOptions {
  /** Deflate the content streams (default true; images are JPEG already). */
  compress?: boolean;
  /** Write an /Encrypt entry in the trailer (an encrypted document, which readers must refuse). */
  markEncrypted?: boolean;
}

export function writePdf(pages: PdfPage[], options: WritePdfOptions = {}): Buffer {
  const compress = options.compress ?? true;
  const objects: (Buffer | string)[] = [];
  const add = (body: Buffer | string) => objects.push(body) && objects.length;
  const stream = (dict: string, data: Buffer) =>
    Buffer.concat([Buffer.from(`<< ${dict} /Length ${data.length} >>\nstream\n`, "latin1"), data, Buffer.from("\nendstream", "latin1")]);

  add("<< /Type /Catalog /Pages 2 0 R >>");
  add(""); // the page tree, filled in below once the kids are known
  const f1 = add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>");
  const f2 = add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>");
  const kids: number[] = [];
  for (const page of pages) {
    let resources: string;
    let content: string;
    if (page.kind === "image") {
      const space = page.channels === 1 ? "/DeviceGray" : "/DeviceRGB";
      const image = add(
        stream(
          `/Type /XObject /Subtype /Image /Width ${page.pixelWidth} /Height ${page.pixelHeight} /ColorSpace ${space} /BitsPerComponent 8 /Filter /DCTDecode`,
          page.jpeg,
        ),
      );
      resources = `<< /XObject << /Im1 ${image} 0 R >> >>`;
      content = `q ${n(page.width)} 0 0 ${n(page.height)} 0 0 cm /Im1 Do Q`;
    } else {
      resources = `<< /Font << /F1 ${f1} 0 R /F2 ${f2} 0 R >> >>`;
      content = contentOf(page);
    }
    const raw = Buffer.from(content, "latin1");
    const contents = add(compress ? stream("/Filter /FlateDecode", deflateSync(raw)) : stream("", raw));
    kids.push(
      add(
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${n(page.width)} ${n(page.height)}] /Resources ${resources} /Contents ${contents} 0 R >>`,
      ),
    );
  }
  objects[1] = `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(" ")}] /Count ${kids.length} >>`;
  const encrypt = options.markEncrypted
    ? add("<< /Filter /Standard /V 1 /R 2 /O (0123456789abcdef0123456789abcdef) /U (0123456789abcdef0123456789abcdef) /P -44 >>")
    : 0;

  const chunks: Buffer[] = [Buffer.from("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n", "latin1")];
  let offset = chunks[0]!.length;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    const chunk = Buffer.concat([
      Buffer.from(`${i + 1} 0 obj\n`, "latin1"),
      typeof body === "string" ? Buffer.from(body, "latin1") : body,
      Buffer.from("\nendobj\n", "latin1"),
    ]);
    offsets.push(offset);
    offset += chunk.length;
    chunks.push(chunk);
  });
  const xref = [
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`,
    ...offsets.map((o) => `${o.toString().padStart(10, "0")} 00000 n \n`),
  ].join("");
  const id = "<0123456789abcdef0123456789abcdef>";
  const trailer = `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R${encrypt ? ` /Encrypt ${encrypt} 0 R /ID [${id} ${id}]` : ""} >>\nstartxref\n${offset}\n%%EOF\n`;
  chunks.push(Buffer.from(xref + trailer, "latin1"));
  return Buffer.concat(chunks);
}

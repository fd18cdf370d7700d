import sharp from "sharp";
import type { FileSample } from "./requests";

const bytes = (text: string) => new Uint8Array(Buffer.from(text, "latin1"));

/** A PNG whose header claims `width`×`height`, with an IEND chunk but no real pixels. */
function pngHeader(width: number, height: number): Uint8Array {
  const out = Buffer.alloc(33 + 12);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(out, 0);
  out.writeUInt32BE(13, 8);
  out.write("IHDR", 12, "latin1");
  out.writeUInt32BE(width, 16);
  out.writeUInt32BE(height, 20);
  out.set([8, 2, 0, 0, 0], 24);
  out.writeUInt32BE(0, 33);
  out.write("IEND", 37, "latin1");
  return new Uint8Array(out);
}

const MINIMAL_PDF = [
  "%PDF-1.4",
  "1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj",
  "2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj",
  "3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >> endobj",
  "4 0 obj << /Length 44 >> stream",
  "BT /F1 12 Tf 20 100 Td (Hello fuzz) Tj ET",
  "endstream endobj",
  "5 0 obj << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> endobj",
  "trailer << /Root 1 0 R >>",
  "%%EOF",
].join("\n");

/** The files fuzzed uploads carry: broken, lying, empty, bombs, and a few the engines really read. */
export async function fuzzFiles(): Promise<FileSample[]> {
  const noise = Buffer.alloc(300 * 300 * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
  const raw = { raw: { width: 300, height: 300, channels: 3 as const } };
  const tinyPng = await sharp({ create: { width: 1, height: 1, channels: 3, background: "#fff" } })
    .png()
    .toBuffer();
  const smallJpeg = await sharp({ create: { width: 50, height: 50, channels: 3, background: "#888" } })
    .jpeg()
    .toBuffer();
  const png = await sharp(noise, raw).png().toBuffer();
  const jpeg = await sharp(noise, raw).jpeg().toBuffer();
  const garbage = new Uint8Array(512).map((_, i) => (i * 7919) & 0xff);
  return [
    { label: "empty", bytes: new Uint8Array(0) },
    { label: "garbage", bytes: garbage },
    { label: "text", bytes: bytes("hello, this is not an image") },
    { label: "png-1x1", bytes: new Uint8Array(tinyPng) },
    { label: "jpeg-50", bytes: new Uint8Array(smallJpeg) },
    { label: "png-truncated", bytes: new Uint8Array(png.subarray(0, 200)) },
    { label: "png-header-iend", bytes: pngHeader(400, 400) },
    { label: "png-bomb-header", bytes: pngHeader(60_000, 60_000) },
    { label: "png-zero-size", bytes: pngHeader(0, 0) },
    { label: "jpeg-soi-eoi", bytes: new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0xff, 0xd9]) },
    { label: "jpeg-magic-only", bytes: new Uint8Array([0xff, 0xd8, 0xff]) },
    { label: "gif", bytes: bytes("GIF89a\x01\x00\x01\x00\x00\x00\x00;") },
    { label: "webp", bytes: bytes("RIFF\x1a\x00\x00\x00WEBPVP8 ") },
    { label: "svg", bytes: bytes('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>') },
    { label: "pdf-garbage", bytes: bytes("%PDF-1.7\n garbage garbage \n%%EOF") },
    { label: "pdf-no-eof", bytes: bytes("%PDF-1.7\n1 0 obj << >> endobj") },
    { label: "pdf-many-pages", bytes: bytes(`%PDF-1.4\n${"<< /Type /Page >>\n".repeat(25)}%%EOF`) },
    { label: "png-noise-300", bytes: new Uint8Array(png), readable: true },
    { label: "jpeg-noise-300", bytes: new Uint8Array(jpeg), readable: true },
    { label: "pdf-minimal", bytes: bytes(MINIMAL_PDF), readable: true },
  ];
}

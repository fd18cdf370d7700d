import sharp from "sharp";

/*
 * The files behind the canned sandbox records' artefact keys (verifications.ts): GET
 * /api/v1/artefacts/{key} in sandbox mode answers a download link for them, as live does for real
 * evidence. Each is drawn once per process, marked as a sample, and holds nobody's data.
 */

export const SANDBOX_ARTEFACTS: Readonly<Record<string, { mimeType: "image/jpeg" | "application/pdf"; title: string }>> = {
  "sandbox/passport.jpg": { mimeType: "image/jpeg", title: "Sample passport" },
  "sandbox/selfie.jpg": { mimeType: "image/jpeg", title: "Sample selfie" },
  "sandbox/bank_statement.pdf": { mimeType: "application/pdf", title: "Sample bank statement" },
  "sandbox/energy_bill.pdf": { mimeType: "application/pdf", title: "Sample energy bill" },
};

const drawn = new Map<string, Promise<Buffer>>();

export function sandboxArtefactBytes(key: string): Promise<Buffer> | null {
  const artefact = SANDBOX_ARTEFACTS[key];
  if (!artefact) return null;
  let bytes = drawn.get(key);
  if (!bytes) {
    bytes = artefact.mimeType === "image/jpeg" ? sampleJpeg(artefact.title) : Promise.resolve(samplePdf(artefact.title));
    drawn.set(key, bytes);
  }
  return bytes;
}

function sampleJpeg(title: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="420"><rect width="640" height="420" fill="#e2e8f0"/><rect x="20" y="20" width="600" height="380" rx="18" fill="#f8fafc" stroke="#64748b" stroke-width="3"/><text x="320" y="190" font-family="sans-serif" font-size="40" font-weight="700" text-anchor="middle" fill="#0f172a">${title}</text><text x="320" y="250" font-family="sans-serif" font-size="24" text-anchor="middle" fill="#334155">SANDBOX: not a real document</text></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

/** A one-page PDF with one line of text: written by hand, every offset counted. */
function samplePdf(title: string): Buffer {
  const text = `BT /F1 24 Tf 72 720 Td (${title} - SANDBOX: not a real document) Tj ET`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
  ];
  let out = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, "latin1");
}

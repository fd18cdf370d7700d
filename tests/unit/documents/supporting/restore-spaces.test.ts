import { createCanvas, GlobalFonts } from "@napi-rs/canvas";
import { describe, expect, it } from "vitest";
import { ocrLinesToPage, respace } from "@/lib/server/documents/supporting/ocr-lines";
import { restoreSpaces, wordRuns, type RawImage } from "@/lib/server/documents/supporting/restore-spaces";
import type { OcrLine } from "@/lib/server/documents/ocr/learned-ocr";

// The spaces the learned recognizer drops between capitalised words, put back from the line's
// pixels. Each line is drawn here with its spaces; the recognizer's reading is the same text
// without them; the expected result is the drawn text.

GlobalFonts.registerFromPath("/usr/share/fonts/opentype/urw-base35/NimbusSans-Regular.otf", "RestoreSans");
GlobalFonts.registerFromPath("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "RestoreDejaVu");
GlobalFonts.registerFromPath("/usr/share/fonts/truetype/liberation/LiberationSerif-Regular.ttf", "RestoreSerif");

/** The text drawn black on white, and the box the OCR would give it (a little margin round the ink). */
function drawn(text: string, font: string, px: number): { image: RawImage; box: OcrLine["box"] } {
  const canvas = createCanvas(Math.round(text.length * px) + 80, Math.round(px * 2.5));
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = "#fff";
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.fillStyle = "#000";
  ctx.font = `${px}px ${font}`;
  ctx.fillText(text, 30, px * 1.6);
  const width = ctx.measureText(text).width;
  const rgba = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
  const box: OcrLine["box"] = [
    [24, px * 0.55],
    [36 + width, px * 0.55],
    [36 + width, px * 1.95],
    [24, px * 1.95],
  ];
  return { image: { data: Buffer.from(rgba.buffer), width: canvas.width, height: canvas.height, channels: 4 }, box };
}

function restored(text: string, font: string, px = 24): string {
  const { image, box } = drawn(text, font, px);
  const read = text.replace(/ /g, "");
  const runs = wordRuns(image, box, read);
  expect(runs).not.toBeNull();
  return restoreSpaces(read, runs!);
}

describe("spaces put back from the line's pixels", () => {
  it("splits names and labels read without their spaces, in a Helvetica-like, a wide and a serif face", () => {
    for (const font of ["RestoreSans", "RestoreDejaVu", "RestoreSerif"]) {
      expect(restored("MR OLUWASEUN NWACHUKWU", font), font).toBe("MR OLUWASEUN NWACHUKWU");
      expect(restored("MRS GRAZYNA KAMINSKA", font), font).toBe("MRS GRAZYNA KAMINSKA");
      expect(restored("Mr Alvaro de la Fuente Nunez", font), font).toBe("Mr Alvaro de la Fuente Nunez");
      expect(restored("Account reference:", font), font).toBe("Account reference:");
    }
  });

  it("leaves a word without gaps as it is, keeps the spaces the recognizer did read, and never splits two digits", () => {
    expect(restored("WORTHINGTON", "RestoreSans")).toBe("WORTHINGTON");
    const { image, box } = drawn("MR DARRAGH O'SULLIVAN", "RestoreSans", 24);
    expect(restoreSpaces("MR DARRAGHO'SULLIVAN", wordRuns(image, box, "MR DARRAGHO'SULLIVAN")!)).toBe("MR DARRAGH O'SULLIVAN");
    expect(
      restoreSpaces("2011", [
        { start: 0, end: 20 },
        { start: 40, end: 60 },
      ]),
    ).toBe("2011");
  });

  it("gives up on a faint or tiny box rather than guess", () => {
    const blank: RawImage = { data: Buffer.alloc(200 * 60 * 3, 255), width: 200, height: 60, channels: 3 };
    expect(
      wordRuns(
        blank,
        [
          [10, 10],
          [190, 10],
          [190, 50],
          [10, 50],
        ],
        "ABCDEFGH",
      ),
    ).toBeNull();
    expect(
      wordRuns(
        blank,
        [
          [10, 10],
          [14, 10],
          [14, 12],
          [10, 12],
        ],
        "AB",
      ),
    ).toBeNull();
  });
});

describe("OCR lines as a page's text pieces", () => {
  it("turns a photographed page's boxes upright and places them in the text's own frame", () => {
    // Three lines of a page turned 4 degrees and lying at (500, 700) in a photo.
    const t = (4 * Math.PI) / 180;
    const at = (x: number, y: number): [number, number] => [
      500 + x * Math.cos(t) - y * Math.sin(t),
      700 + x * Math.sin(t) + y * Math.cos(t),
    ];
    const box = (x: number, y: number, w: number, h: number): OcrLine["box"] => [at(x, y), at(x + w, y), at(x + w, y + h), at(x, y + h)];
    const lines: OcrLine[] = [
      { text: "Thamesbrook Water", score: 0.99, box: box(0, 0, 400, 40) },
      { text: "MR J SMITH", score: 0.97, box: box(0, 200, 200, 24) },
      { text: "Bill date:", score: 0.95, box: box(700, 200, 120, 24) },
    ];
    const page = ocrLinesToPage(lines, 0);
    expect(page.angle).toBeCloseTo(4, 0);
    const [head, name, label] = page.pieces;
    expect(head!.x0).toBeCloseTo(0, 0);
    expect(head!.y0).toBeCloseTo(0, 0);
    // Upright again: the name and the label on one row, at the heights they were printed.
    expect(name!.y0).toBeCloseTo(200, 0);
    expect(label!.y0).toBeCloseTo(200, 0);
    expect(page.width).toBeCloseTo(820, 0);
    expect(page.confidence).toBeGreaterThan(95);
  });

  it("puts back the space after a house number, and a capital I read as a small l at the start of a word", () => {
    expect(respace("Mrs Pilar Perez lbanez")).toBe("Mrs Pilar Perez Ibanez");
    expect(respace("lnvoice date:")).toBe("Invoice date:");
    expect(respace("Lloyd also lives in lyon")).toBe("Lloyd also lives in lyon");
    expect(respace("44Kingsway Street")).toBe("44 Kingsway Street");
    expect(respace("82MILL AVENUE")).toBe("82 MILL AVENUE");
    expect(respace("12A Mill Road")).toBe("12A Mill Road");
    expect(respace("CB17SE")).toBe("CB17SE");
  });
});

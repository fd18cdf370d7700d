import { beforeEach, describe, expect, it, vi } from "vitest";
import { acceptMrz, settleCell } from "@/lib/server/documents/mrz/accept-mrz";
import { rescaleLine, sauvolaLine, settleWithFurtherReadings, WITNESS_VIEWS } from "@/lib/server/documents/mrz/witness-readings";
import type { MrzLineImage, MrzReading } from "@/lib/server/documents/types";

// The classed readers are stood in for (vi.mock is hoisted above the imports): what they read at each view is the test's to say.
const further = vi.hoisted(() => ({ template: [] as string[][], cells: [] as string[][], calls: { template: 0, cells: 0 } }));
vi.mock("@/lib/server/documents/mrz/template-reader", () => ({
  readMrzTemplate: () => {
    const lines = further.template[further.calls.template++ % Math.max(1, further.template.length)] ?? [];
    return { reader: "template", lines, confidence: lines.map((l) => Array.from(l, () => 0.01)) };
  },
}));
vi.mock("@/lib/server/documents/mrz/cell-classifier/read-mrz-cells", () => ({
  readMrzCells: () => {
    const lines = further.cells[further.calls.cells++ % Math.max(1, further.cells.length)] ?? [];
    return { reader: "cells", lines, confidence: lines.map((l) => Array.from(l, () => 0.01)) };
  },
}));

// The German specimen passport (as in accept-mrz.test.ts): birth date 640812, check digit 5.
const TD3 = ["P<D<<MUSTERMANN<<ERIKA<<<<<<<<<<<<<<<<<<<<<<", "C01X00T478D<<6408125F2702283<<<<<<<<<<<<<<<4"];
const reading = (reader: MrzReading["reader"], lines: string[], view?: string): MrzReading => ({
  reader,
  lines,
  confidence: lines.map((line) => Array.from(line, () => 0.01)),
  ...(view ? { view } : {}),
});
const edit = (lines: string[], line: number, index: number, ch: string) =>
  lines.map((text, i) => (i === line ? text.slice(0, index) + ch + text.slice(index + 1) : text));
const now = new Date("2026-11-24T00:00:00Z");
/** ICAO 9303 check digit, computed here independently of the code under test: weights 7, 3, 1; A = 10 … Z = 35; < = 0. */
const checkDigit = (text: string) =>
  [...text].reduce((sum, ch, i) => sum + (ch === "<" ? 0 : /\d/.test(ch) ? Number(ch) : ch.charCodeAt(0) - 55) * [7, 3, 1][i % 3]!, 0) % 10;

const wrongDigit = edit(TD3, 1, 15, "3"); // birth date 643812: a misread 0
const lines: MrzLineImage[] = []; // the stand-in readers do not look at pixels

beforeEach(() => {
  further.template = [];
  further.cells = [];
  further.calls = { template: 0, cells: 0 };
});

describe("the test's own arithmetic", () => {
  it("the specimen's birth date passes its check digit and the misread one does not", () => {
    expect(checkDigit("640812")).toBe(5);
    expect(checkDigit("643812")).not.toBe(5);
  });
});

describe("settleCell: witnesses pooled by reader", () => {
  it("a reader seen two ways that reads the cell both ways speaks for neither", () => {
    const witnesses = [
      { reader: "cells", lines: TD3 },
      { reader: "cells", lines: wrongDigit },
    ];
    expect(settleCell("TD3", 1, 15, "3", "0", witnesses)).toBeNull();
  });

  it("a reader steady across its views speaks once; another reader's contrary reading still vetoes", () => {
    const steady = [
      { reader: "cells", lines: TD3 },
      { reader: "cells", lines: TD3 },
    ];
    expect(settleCell("TD3", 1, 15, "3", "0", steady)).toBe("0");
    expect(settleCell("TD3", 1, 15, "3", "0", [...steady, { reader: "learned", lines: wrongDigit }])).toBeNull();
  });

  it("a view reading a third glyph counts for neither side and does not unsettle a steady reader", () => {
    const third = edit(TD3, 1, 15, "8");
    expect(
      settleCell("TD3", 1, 15, "3", "0", [
        { reader: "cells", lines: TD3 },
        { reader: "cells", lines: third },
      ]),
    ).toBe("0");
  });

  it("a line left empty (not read whole) is not consulted", () => {
    expect(settleCell("TD3", 1, 15, "3", "0", [{ reader: "learned", lines: [TD3[0]!, ""] }])).toBeNull();
  });
});

describe("acceptMrz with readings at other views", () => {
  it("a side's own reader at another scale is never a witness for the other side", () => {
    const decision = acceptMrz("TD3", reading("template", wrongDigit), reading("tesseract", TD3), now, [reading("template", TD3, "x1.09")]);
    expect(decision).toMatchObject({ accepted: false, reason: "readers_disagree", unsettled: [1, 15] });
  });

  it("nor against it: the witness that settles is another reader", () => {
    const decision = acceptMrz("TD3", reading("template", wrongDigit), reading("tesseract", TD3), now, [
      reading("template", wrongDigit, "sauvola"),
      reading("cells", TD3),
    ]);
    expect(decision).toMatchObject({ accepted: true, by: "witnesses_settle", lines: TD3 });
  });

  it("a witness whose name line lost a glyph still witnesses on the number line it read whole", () => {
    const shortName = [TD3[0]!.slice(0, 40), TD3[1]!];
    expect(
      acceptMrz("TD3", reading("template", wrongDigit), reading("tesseract", TD3), now, [reading("learned", shortName)]),
    ).toMatchObject({
      accepted: true,
      by: "witnesses_settle",
      lines: TD3,
    });
    // …but not on a line it did not read whole.
    const shortNumber = [TD3[0]!, TD3[1]!.slice(0, 43)];
    expect(
      acceptMrz("TD3", reading("template", wrongDigit), reading("tesseract", TD3), now, [reading("learned", shortNumber)]),
    ).toMatchObject({
      accepted: false,
      unsettled: [1, 15],
    });
  });

  it("a template reading of another view never stands alone on its margins", () => {
    const sure = { ...reading("template", TD3, "x1.09"), confidence: TD3.map((l) => Array.from(l, () => 0.5)) };
    const otherNumber = edit(TD3, 1, 2, "3");
    expect(acceptMrz("TD3", sure, reading("tesseract", otherNumber), now)).toMatchObject({ accepted: false });
  });

  it("a refusal for names or for too many disagreements is not marked unsettled", () => {
    const name = edit(TD3, 0, 5, "H");
    expect(acceptMrz("TD3", reading("template", TD3), reading("tesseract", name), now)).not.toHaveProperty("unsettled");
  });
});

describe("settleWithFurtherReadings", () => {
  const views = WITNESS_VIEWS.length;

  it("makes nothing when no pair was held up by an unsettled cell", () => {
    const name = edit(TD3, 0, 5, "H");
    const decision = acceptMrz("TD3", reading("template", TD3), reading("tesseract", name), now);
    expect(
      settleWithFurtherReadings("TD3", lines, now, [
        { a: reading("template", TD3), b: reading("tesseract", name), witnesses: [], decision },
      ]),
    ).toBeNull();
    expect(further.calls).toEqual({ template: 0, cells: 0 });
  });

  it("settles a cell by the witness reader's other views, read only by readers that are not a side", () => {
    const a = reading("template", wrongDigit);
    const b = reading("tesseract", TD3);
    const decision = acceptMrz("TD3", a, b, now, []);
    expect(decision).toMatchObject({ accepted: false, unsettled: [1, 15] });
    further.cells = [TD3];
    const settled = settleWithFurtherReadings("TD3", lines, now, [{ a, b, witnesses: [], decision }]);
    expect(settled).toMatchObject({ accepted: true, by: "witnesses_settle", lines: TD3, corrected: true });
    expect(further.calls).toEqual({ template: 0, cells: views });
  });

  it("keeps the caller's witnesses: a native reading against the other views leaves the reader unsure, and the pair refused", () => {
    const a = reading("template", wrongDigit);
    const b = reading("tesseract", TD3);
    const witnesses = [reading("cells", wrongDigit)];
    const decision = acceptMrz("TD3", a, b, now, [...witnesses, reading("learned", TD3)]);
    // cells (native) for the template's 3, learned for the 0: split, unsettled.
    expect(decision).toMatchObject({ accepted: false, unsettled: [1, 15] });
    further.cells = [TD3];
    // The cell classifier's other views read 0: it is unsure, the learned OCR alone speaks, for 0.
    expect(
      settleWithFurtherReadings("TD3", lines, now, [{ a, b, witnesses: [...witnesses, reading("learned", TD3)], decision }]),
    ).toMatchObject({ accepted: true, lines: TD3 });
    // Without the learned OCR nobody steady speaks: refused.
    further.calls = { template: 0, cells: 0 };
    const alone = acceptMrz("TD3", a, b, now, witnesses);
    expect(settleWithFurtherReadings("TD3", lines, now, [{ a, b, witnesses, decision: alone }])).toBeNull();
  });

  it("never lets the check digits choose: a cell settled to the wrong digit is refused by them", () => {
    const a = reading("template", TD3);
    const b = reading("tesseract", wrongDigit);
    const decision = acceptMrz("TD3", a, b, now, []);
    further.cells = [wrongDigit];
    expect(settleWithFurtherReadings("TD3", lines, now, [{ a, b, witnesses: [], decision }])).toBeNull();
    expect(acceptMrz("TD3", a, b, now, [reading("cells", wrongDigit, "x1.09")])).toMatchObject({
      accepted: false,
      reason: "check_digits_fail",
    });
  });
});

describe("the views' pixels", () => {
  /** A white line with one black cap-high bar centred on cell k. */
  function lineWithBar(k: number): MrzLineImage {
    const width = 200;
    const height = 64;
    const data = new Uint8Array(width * height).fill(230);
    const line = { width, height, data, chars: 10, cellLeft: 20, cellPitch: 16, baseline: 48 };
    const cx = Math.round(line.cellLeft + (k + 0.5) * line.cellPitch);
    for (let y = line.baseline - 32; y < line.baseline; y++) for (let x = cx - 3; x <= cx + 3; x++) data[y * width + x] = 20;
    return line;
  }

  it("rescaling carries the cell grid and the baseline with the ink", () => {
    const line = lineWithBar(6);
    const scaled = rescaleLine(line, 1.09);
    const cx = Math.round(scaled.cellLeft + 6.5 * scaled.cellPitch);
    const at = (x: number, y: number) => scaled.data[y * scaled.width + x]!;
    expect(Number.isInteger(scaled.baseline)).toBe(true);
    expect(at(cx, scaled.baseline - 2)).toBeLessThan(60);
    expect(at(cx, scaled.baseline - 33)).toBeLessThan(60);
    expect(at(cx, scaled.baseline + 3)).toBeGreaterThan(200);
    expect(at(cx + 8, scaled.baseline - 10)).toBeGreaterThan(200);
  });

  it("the local threshold finds the ink under uneven light", () => {
    const line = lineWithBar(2);
    // Paper darkening to the right: a global threshold would take the right end for ink.
    for (let y = 0; y < line.height; y++)
      for (let x = 0; x < line.width; x++)
        if (line.data[y * line.width + x]! > 100) line.data[y * line.width + x] = 230 - Math.round(x * 0.6);
    const bin = sauvolaLine(line, 33, 0.2);
    const cx = Math.round(line.cellLeft + 2.5 * line.cellPitch);
    expect(bin.data[(line.baseline - 10) * line.width + cx]).toBe(0);
    expect(bin.data[(line.baseline - 10) * line.width + 190]).toBe(255);
    expect(bin.data[(line.baseline - 10) * line.width + cx + 12]).toBe(255);
  });
});

import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { decodeGray } from "@/lib/server/documents/image/decode-gray";
import { homographyFrom, invert, mapPoint, warpQuad } from "@/lib/server/documents/image/homography";
import { sampleBilinear } from "@/lib/server/documents/image/integral";
import { rotateBy } from "@/lib/server/documents/image/rotate-angle";
import { findMrzBand, findMrzText } from "@/lib/server/documents/mrz/learned/find-mrz-text";
import { bandQuad } from "@/lib/server/documents/mrz/learned/rectify-band";
import { textRegion, uprightLinesHalfTurned } from "@/lib/server/documents/mrz/learned/search-band";
import { dominantTextAngle, readingAngle, rowsInFrame } from "@/lib/server/documents/mrz/learned/text-frame";
import { locateMrz } from "@/lib/server/documents/mrz/locate-mrz";
import type { Blob } from "@/lib/server/documents/mrz/locate/components";
import { pickMrz, type TextLine } from "@/lib/server/documents/mrz/locate/find-lines";
import { fitLineGeometry } from "@/lib/server/documents/mrz/locate/straighten-line";
import { readMrzTemplate } from "@/lib/server/documents/mrz/template-reader";
import type { OcrLine, OcrPoint } from "@/lib/server/documents/ocr/learned-ocr";
import type { GrayImage } from "@/lib/server/documents/types";
import { documentSet, type DocumentSample } from "../../support/documents/fixtures";
import { applyHomography, homographyFromPoints, type Point } from "../../support/documents/homography";

// The geometry the MRZ engine uses to read a page at any angle and in perspective (issue 33, item 2):
// the plane-to-plane map, the band's rectification, the page's text direction from the learned
// detector's boxes, and the MRZ's lines found along it. Expected values are worked out by hand or
// with the test generator's own homography (tests/support/documents/homography.ts).

describe("homographyFrom", () => {
  it("finds a scale and shift exactly", () => {
    // x' = 2x + 5, y' = 3y + 7
    const h = homographyFrom(
      [
        [0, 0],
        [1, 0],
        [1, 1],
        [0, 1],
      ],
      [
        [5, 7],
        [7, 7],
        [7, 10],
        [5, 10],
      ],
    )!;
    const expected = [2, 0, 5, 0, 3, 7, 0, 0, 1];
    h.forEach((v, i) => expect(v).toBeCloseTo(expected[i]!, 9));
  });

  it("agrees with the test generator's homography on a perspective quad, inside and outside it", () => {
    const from: Point[] = [
      [0, 0],
      [800, 0],
      [800, 200],
      [0, 200],
    ];
    const to: Point[] = [
      [112, 40],
      [905, 118],
      [880, 390],
      [60, 300],
    ];
    const ours = homographyFrom(from, to)!;
    const theirs = homographyFromPoints(from, to);
    for (const [x, y] of [...from, [400, 100] as Point, [-50, 260] as Point, [1000, -30] as Point]) {
      const [u, v] = mapPoint(ours, x, y);
      const [eu, ev] = applyHomography(theirs, x, y);
      expect(u).toBeCloseTo(eu, 6);
      expect(v).toBeCloseTo(ev, 6);
    }
    const back = invert(ours)!;
    const [x, y] = mapPoint(back, ...mapPoint(ours, 123, 45));
    expect(x).toBeCloseTo(123, 6);
    expect(y).toBeCloseTo(45, 6);
  });

  it("refuses three corners on a line", () => {
    const line: [number, number][] = [
      [0, 0],
      [1, 1],
      [2, 2],
      [0, 5],
    ];
    expect(
      homographyFrom(
        line,
        line.map(([x, y]) => [x + 1, y] as [number, number]),
      ),
    ).toBeNull();
  });
});

describe("rotateBy", () => {
  it("turns a pixel about the centre clockwise on screen and grows the canvas", () => {
    // 40 × 20, one dark 2×2 block right of centre: (28..30, 9..11). Turned 90° clockwise the canvas
    // is 20 × 40 and the block lies below the centre: x 9..11, y 28..30.
    const image: GrayImage = { width: 40, height: 20, data: new Uint8Array(800).fill(255) };
    for (const [x, y] of [
      [28, 9],
      [29, 9],
      [28, 10],
      [29, 10],
    ])
      image.data[y! * 40 + x!] = 0;
    const { image: turned } = rotateBy(image, 90);
    expect([turned.width, turned.height]).toEqual([20, 40]);
    expect(turned.data[28 * 20 + 9]).toBeLessThan(40);
    expect(turned.data[29 * 20 + 10]).toBeLessThan(40);
    expect(turned.data[10 * 20 + 28 - 20]).toBeGreaterThan(200);
    const { width, height } = rotateBy(image, 30).image;
    // |40 cos 30| + |20 sin 30| = 44.6; |40 sin 30| + |20 cos 30| = 37.3
    expect([width, height]).toEqual([45, 37]);
  });
});

describe("a band seen in perspective, rectified from its corners", () => {
  let sample: DocumentSample;
  let page: GrayImage;
  beforeAll(async () => {
    // The set mrz-reading.test.ts draws (cached on disk): its first page.
    sample = (await documentSet({ variant: "clean", count: 8, seed: "unit-mrz" }))[0]!;
    page = await decodeGray(sample.mrzImage);
  }, 180_000);

  it("reads back the same MRZ after a 25°-like perspective and a turn are undone", async () => {
    const { width: w, height: h } = page;
    // The page's corners in a photo: far edge shorter (perspective), the whole turned ~12°.
    const corners: Point[] = [
      [0.18 * w, 0.12 * h],
      [0.95 * w, 0.3 * h],
      [1.02 * w, 1.15 * h],
      [0.02 * w, 1.05 * h],
    ];
    const pageToPhoto = homographyFromPoints(
      [
        [0, 0],
        [w, 0],
        [w, h],
        [0, h],
      ],
      corners,
    );
    const photoToPage = homographyFromPoints(corners, [
      [0, 0],
      [w, 0],
      [w, h],
      [0, h],
    ]);
    const photo: GrayImage = { width: Math.round(1.1 * w), height: Math.round(1.25 * h), data: new Uint8Array(0) };
    photo.data = new Uint8Array(photo.width * photo.height);
    for (let y = 0; y < photo.height; y++)
      for (let x = 0; x < photo.width; x++) {
        const [u, v] = applyHomography(photoToPage, x + 0.5, y + 0.5);
        photo.data[y * photo.width + x] = Math.round(sampleBilinear(page, u - 0.5, v - 0.5, 128));
      }
    const quad = [0, 1, 2, 3].map((i) =>
      applyHomography(
        pageToPhoto,
        ...([
          [0, 0],
          [w, 0],
          [w, h],
          [0, h],
        ][i] as Point),
      ),
    ) as [Point, Point, Point, Point];
    const rectified = await warpQuad(photo, quad, w, h);
    expect(rectified).not.toBeNull();
    const located = locateMrz(rectified!.image);
    if (!located.found) throw new Error(located.reason);
    expect(readMrzTemplate(located.mrz.lines, located.mrz.format).lines).toEqual(sample.truth.mrzLines);
    // The rectified page is the page: the mean difference is a resampling's, not a misplacement's.
    let diff = 0;
    for (let i = 0; i < page.data.length; i++) diff += Math.abs(page.data[i]! - rectified!.image.data[i]!);
    expect(diff / page.data.length).toBeLessThan(12);
  }, 60_000);
});

/** A box of `length` × `thickness` whose text starts at `start` and runs at `degrees` (y down), as the OCR orders corners (from the one nearest the origin). */
function box(start: OcrPoint, length: number, thickness: number, degrees: number): OcrLine["box"] {
  const a = (degrees * Math.PI) / 180;
  const d: OcrPoint = [Math.cos(a), Math.sin(a)];
  const n: OcrPoint = [-Math.sin(a), Math.cos(a)];
  const pts: OcrPoint[] = [
    start,
    [start[0] + d[0] * length, start[1] + d[1] * length],
    [start[0] + d[0] * length + n[0] * thickness, start[1] + d[1] * length + n[1] * thickness],
    [start[0] + n[0] * thickness, start[1] + n[1] * thickness],
  ];
  // The OCR process's order: clockwise, from the corner with the smallest x + y.
  let first = 0;
  pts.forEach((p, i) => {
    if (p[0] + p[1] < pts[first]![0] + pts[first]![1]) first = i;
  });
  return [0, 1, 2, 3].map((k) => pts[(first + k) % 4]!) as OcrLine["box"];
}

const line = (text: string, b: OcrLine["box"]): OcrLine => ({ text, score: 0.95, box: b });

const TD3 = ["P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<", "L898902C36UTO7408122F1204159ZE184226B<<<<<10"];

/** A passport page's lines at `degrees`: two words of the printed zone, then the MRZ's two lines 30 px apart, starting down the page from `origin`. */
function page(degrees: number, origin: OcrPoint): OcrLine[] {
  const a = (degrees * Math.PI) / 180;
  const at = (u: number, v: number): OcrPoint => [
    origin[0] + u * Math.cos(a) - v * Math.sin(a),
    origin[1] + u * Math.sin(a) + v * Math.cos(a),
  ];
  return [
    line("PASSPORT", box(at(20, 0), 120, 20, degrees)),
    line("ERIKSSON", box(at(200, 60), 140, 20, degrees)),
    line(TD3[0]!, box(at(0, 200), 660, 22, degrees)),
    line(TD3[1]!, box(at(0, 232), 660, 22, degrees)),
  ];
}

describe("the page's text direction from the detector's boxes", () => {
  it("reads a box's direction from its long side, a tall box as text running down", () => {
    expect(readingAngle(box([100, 100], 300, 20, 20))!.angle).toBeCloseTo(20, 6);
    expect(readingAngle(box([100, 100], 300, 20, -30))!.angle).toBeCloseTo(-30, 6);
    // Running down the picture (a page turned a quarter clockwise) or up it: both are 90° here,
    // the recogniser's reading of a tall box (it turns the crop a quarter anticlockwise).
    expect(readingAngle(box([100, 100], 300, 20, 90))!.angle).toBeCloseTo(90, 6);
    expect(readingAngle(box([100, 500], 300, 20, -90))!.angle).toBeCloseTo(90, 6);
    expect(readingAngle(box([100, 100], 30, 20, 0))).toBeNull();
  });

  it("takes the angle of the most text, not of the most boxes", () => {
    const lines = [...page(22, [100, 50]), line("7", box([30, 30], 40, 15, 0)), line("DE", box([60, 300], 45, 15, 3))];
    expect(dominantTextAngle(lines)!).toBeCloseTo(22, 1);
    expect(dominantTextAngle(page(90, [600, 40]))!).toBeCloseTo(90, 1);
    expect(dominantTextAngle([])).toBeNull();
  });
});

describe("a level page read again half a turn round", () => {
  const W = 800;
  const H = 600;
  const sure = (text: string, b: OcrLine["box"]): OcrLine => ({ text, score: 0.99, box: b });
  const centre = (b: OcrLine["box"]): OcrPoint => [(b[1][0] + b[3][0]) / 2, (b[1][1] + b[3][1]) / 2];
  const turned = ([x, y]: OcrPoint): OcrPoint => [W - x, H - y];
  const inside = (r: { x: number; y: number; width: number; height: number }, [x, y]: OcrPoint) =>
    x >= r.x && x <= r.x + r.width && y >= r.y && y <= r.y + r.height;

  it("leaves out only lines read as sure upright text, each about its own centre turned, not its neighbour's", () => {
    // A long line tilted 4°, and the line right under it at one line's pitch: the tilted line's
    // bounding box would take in its neighbour's centre.
    const printed = sure("PASSPORT No 123", box([100, 100], 400, 20, 4));
    const under = { ...line("X8Q", box([100, 122], 400, 20, 4)), score: 0.6 };
    const unsure = { ...line("SURNAME", box([100, 300], 200, 20, 0)), score: 0.8 };
    const short = sure("P 1", box([100, 350], 60, 20, 0));
    const fillers = sure("IDUTO<<<1234", box([100, 400], 300, 20, 0));
    const regions = uprightLinesHalfTurned([printed, under, unsure, short, fillers], { width: W, height: H });
    expect(regions).toHaveLength(1);
    expect(inside(regions[0]!, turned(centre(printed.box)))).toBe(true);
    for (const other of [under, unsure, short, fillers]) expect(inside(regions[0]!, turned(centre(other.box)))).toBe(false);
  });

  it("takes a row's parts one by one: a sure word beside an unsure one leaves the unsure one to be read", () => {
    const word = sure("Nationality", box([100, 200], 150, 20, 0));
    const smudge = { ...line("8<3<<", box([300, 200], 150, 20, 0)), score: 0.7 };
    const row: OcrLine = { text: "Nationality 8<3<<", score: 0.85, box: box([100, 200], 350, 20, 0), parts: [word, smudge] };
    const regions = uprightLinesHalfTurned([row], { width: W, height: H });
    expect(regions).toHaveLength(1);
    expect(inside(regions[0]!, turned(centre(word.box)))).toBe(true);
    expect(inside(regions[0]!, turned(centre(smudge.box)))).toBe(false);
  });
});

describe("the MRZ found along the page's text direction", () => {
  it("finds a level page's MRZ as before", () => {
    const mrz = findMrzText(page(0, [50, 50]));
    expect(mrz?.format).toBe("TD3");
    expect(mrz?.texts).toEqual(TD3);
  });

  it("finds it on a page turned 20° and a quarter turn, first line first, corners in reading order", () => {
    for (const degrees of [20, 90, -12]) {
      const lines = page(degrees, [400, 60]);
      const mrz = findMrzText(lines, dominantTextAngle(lines)!);
      expect(mrz?.texts, `${degrees}°`).toEqual(TD3);
      // The first line's box starts at its text's start: origin + (0, 200) turned by the angle.
      const a = (degrees * Math.PI) / 180;
      const [x, y] = mrz!.lines[0]!.box[0];
      expect(x).toBeCloseTo(400 - 200 * Math.sin(a), 3);
      expect(y).toBeCloseTo(60 + 200 * Math.cos(a), 3);
    }
  });

  it("joins a tilted row's pieces along the text, where joining along x would not", () => {
    // One MRZ line detected in two pieces on a page tilted 20°: along x their midlines are 40 px
    // apart (more than half a box height), along the text they are one row.
    const a = (20 * Math.PI) / 180;
    const pieces = [
      line("P<UTOERIKSSON<<ANNA<MARIA", box([0, 0], 375, 22, 20)),
      line("<<<<<<<<<<<<<<<<<<<", box([390 * Math.cos(a), 390 * Math.sin(a)], 270, 22, 20)),
    ];
    expect(rowsInFrame(pieces, 0)).toHaveLength(2);
    const rows = rowsInFrame(pieces, 20);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.text).toBe("P<UTOERIKSSON<<ANNA<MARIA <<<<<<<<<<<<<<<<<<<");
  });

  it("guesses the band from lines whose fillers were missed, and extends it to the layout's length", () => {
    // Line 1 read as 23 of its 44 characters, line 2 as 30: no layout by length, but a band.
    const lines = [
      line("P<D<<MUSTERMANN<<ERIKA<", box([50, 460], 230, 15, 0)),
      line("C01X00T478D<<6408125F2702283<<", box([50, 482], 300, 15, 0)),
    ];
    expect(findMrzText(lines)).toBeNull();
    const guess = findMrzBand(lines);
    expect(guess?.format).toBeNull();
    expect(guess?.lines).toHaveLength(2);
    // Expected length: line 1's 230 px for 23 characters is 10 px a cell; its 21 missing cells are
    // followed 1.3 × as far (perspective's slack): 230 + 273 = 503 px (line 2: 300 + 14 × 13 = 482);
    // with 0.6 box heights (9 px) each side the band runs 41 → 562.
    const quad = bandQuad(guess!, 44);
    expect(quad[0][0]).toBeCloseTo(41, 6);
    expect(quad[1][0]).toBeCloseTo(562, 6);
    // One box height (15 px) above the first line and below the last.
    expect(quad[0][1]).toBeCloseTo(445, 6);
    expect(quad[2][1]).toBeCloseTo(512, 6);
  });

  // A TD1 card in small print: the learned OCR read the name line's fillers as letters (as on the
  // third set's Lithuanian card), so that line holds no chevron and is not MRZ-like by its text.
  const TD1 = ["I<LTU11810187<346411231034<<<<", "6411231F1901012LTU<<<<<<<<<<<9", "BASANAVICIENECCBIRUTECCCCCCCCC"];
  const td1Row = (text: string, y: number, x = 26, width = 316) => line(text, box([x, y], width, 13, 0));

  it("takes a TD1 band's third line from where it lies when its text has no chevron", () => {
    const lines = [td1Row("LTU", 280, 36, 48), td1Row(TD1[0]!, 364), td1Row(TD1[1]!, 383), td1Row(TD1[2]!, 402)];
    const mrz = findMrzText(lines);
    expect(mrz?.format).toBe("TD1");
    expect(mrz?.texts).toEqual(TD1);
    // Above the two lines instead (a band read from its second and third lines) it is found too.
    const above = findMrzText([
      td1Row("I1LTU11810187C346411231034CCCC", 364),
      td1Row(TD1[1]!, 383),
      td1Row("BASANAVICIENE<<BIRUTE<<<<<<<<<", 402),
    ]);
    expect(above?.format).toBe("TD1");
    expect(above?.lines).toHaveLength(3);
  });

  it("takes a third line beside a whole line and one as wide whose fillers the recogniser dropped", () => {
    // The Lithuanian card enlarged twice, as the learned OCR read it: the second line's box spans the
    // band (as wide as the first) but its text lost eight chevrons (22 characters: the two lines'
    // mean, 26, is no TD1's). The name line under them at the band's pitch is the band's third.
    const short = "6411231F1901012LTU<<<9";
    const guess = findMrzBand([td1Row(TD1[0]!, 364), td1Row(short, 383), td1Row(TD1[2]!, 402)]);
    expect(guess?.lines).toHaveLength(3);
    expect(guess?.texts).toEqual([TD1[0], short, TD1[2]]);
    // The short line's box as short as its text (a line cut, not fillers dropped): no third line.
    const cut = findMrzBand([td1Row(TD1[0]!, 364), td1Row(short, 383, 26, 232), td1Row(TD1[2]!, 402)]);
    expect(cut?.lines).toHaveLength(2);
  });

  it("takes the third line from a row it shares with printed words on its left (Serbia's card)", () => {
    // The rows as the learned OCR joins them: the name line's row begins with two printed words
    // 44 px to the left of the zone, so the row is neither left-aligned with the zone nor its width.
    const zone = ["IDSRB95555554612902968000000<<", "6802295F1307245SRB<<<<<<<<<<<6", "TEST<<MILICA<<<<<<<<<<<<<<<<<<"];
    const words = line("diia Jeut", box([260, 186], 62, 13, 0));
    const mrz = findMrzText([td1Row(zone[0]!, 149, 366, 315), td1Row(zone[1]!, 167, 366, 315), words, td1Row(zone[2]!, 185, 366, 315)]);
    expect(mrz?.format).toBe("TD1");
    expect(mrz?.texts).toEqual(zone);
  });

  it("groups a card's lines at one pitch, takes a first line whose chevrons were dropped, and cuts the band to the whole lines' length", () => {
    // The third set's Monaco card seen in perspective, as the learned OCR read it: the address line
    // above the zone is left-aligned with it at twice the zone's pitch, and the first line's chevron
    // runs were dropped from its text though its box spans the whole line.
    const rows = [
      line("00000 SPECIMEN (SPE)", box([63, 254], 115, 9, 0)),
      line("1M00029067<0<<", box([51, 290], 287, 12, 0)),
      line("9901018F0903248M00<<<<<<<<<0", box([47, 310], 294, 12, 0)),
      line("SPECIMEN<<SPECIMEN<<<<<<<<<<<", box([44, 330], 300, 13, 0)),
    ];
    // No layout by the text's length (14, 28 and 29 characters), but the band of the three lines
    // (not the address line with the zone's first two: 36 px then 20 px apart is not one pitch).
    expect(findMrzText(rows)).toBeNull();
    const guess = findMrzBand(rows);
    expect(guess?.texts).toEqual(["1M00029067<0<<", "9901018F0903248M00<<<<<<<<<0", "SPECIMEN<<SPECIMEN<<<<<<<<<<<"]);
    // The second line ends in a digit, its composite check digit (every layout ends its second line
    // so, never with a filler): its box ends where the line does, whatever fillers its text lost, and
    // the band is as long as the longest box, 300 px, with 0.6 box heights (the median box, 12 px:
    // 7.2 px) each side along the bottom edge. Followed at its own pitch, its two missing cells would
    // have made it 294 + 1.3 × 2 × 294 / 28 = 321.3 px, a tenth past the band's end, into the card's
    // edge; the first line's 14 characters 287 + 1.3 × 16 × 20.5 + 14.4 = 728 px.
    const quad = bandQuad(guess!, 30);
    expect(quad[2][0] - quad[3][0]).toBeCloseTo(300 + 14.4, 6);
    // Its last glyph read as a filler, nothing says where it ends: followed at its pitch, as before.
    const ended = "9901018F0903248M00<<<<<<<<<<";
    const unsure = {
      lines: guess!.lines.map((l, i) => (i === 1 ? { ...l, text: ended } : l)),
      texts: [guess!.texts[0]!, ended, guess!.texts[2]!],
    };
    expect(bandQuad(unsure, 30)[2][0] - bandQuad(unsure, 30)[3][0]).toBeCloseTo(294 + (1.3 * 2 * 294) / 28 + 14.4, 6);
  });

  it("does not take a row of another width, another pitch, or one on each side", () => {
    const two = [td1Row(TD1[0]!, 364), td1Row(TD1[1]!, 383)];
    expect(findMrzText([...two, td1Row(TD1[2]!, 402, 26, 200)])).toBeNull(); // narrower
    expect(findMrzText([...two, td1Row(TD1[2]!, 420)])).toBeNull(); // twice the pitch below
    expect(findMrzText([...two, td1Row(TD1[2]!, 402, 80)])).toBeNull(); // not left-aligned
    expect(findMrzText([td1Row("SPECIMENSPECIMENSPECIMENSPECIM", 345), ...two, td1Row(TD1[2]!, 402)])).toBeNull(); // both sides
    // A passport's two lines (44 characters) never take a third.
    const td3 = [line(TD3[0]!, box([0, 200], 660, 22, 0)), line(TD3[1]!, box([0, 232], 660, 22, 0))];
    const withRow = findMrzText([...td3, line("ABCDEFGHIJKLMNOPQRSTUVWXYZABCDEFGHIJKLMNOPQR", box([0, 264], 660, 22, 0))]);
    expect(withRow?.format).toBe("TD3");
    expect(withRow?.lines).toHaveLength(2);
  });
});

describe("glare is measured on the MRZ's own cells", () => {
  let page: GrayImage;
  beforeAll(async () => {
    const sample = (await documentSet({ variant: "clean", count: 8, seed: "unit-mrz" }))[0]!;
    const gray = await decodeGray(sample.mrzImage);
    // Paper at ~190 of 255 (a page in room light): a white patch stands out from it as glare does.
    page = { ...gray, data: gray.data.map((v) => Math.round(v * 0.75)) };
  }, 180_000);

  /** Light laid over a rectangle: each pixel taken half way to white (the paper washed out above its level, the ink greyed). */
  function withPatch(rect: { x0: number; y0: number; x1: number; y1: number }, on: GrayImage = page): GrayImage {
    const data = Uint8Array.from(on.data);
    for (let y = Math.round(rect.y0); y < Math.round(rect.y1); y++)
      for (let x = Math.round(rect.x0); x < Math.round(rect.x1); x++)
        data[y * on.width + x] = Math.round(255 - 0.5 * (255 - data[y * on.width + x]!));
    return { ...on, data };
  }

  it("ignores a bright patch in the margin above the lines and refuses one across the cells", () => {
    const clean = locateMrz(page);
    if (!clean.found) throw new Error(clean.reason);
    const { box, capHeight: cap } = clean.mrz;
    expect(clean.mrz.glare).toBeLessThan(0.005);
    // The band's box starts half a cap height above the first line's capitals: a strip in that half
    // (a hologram's edge, a reflection on the page above the MRZ) covers no cell.
    const margin = locateMrz(withPatch({ x0: box.x, y0: box.y + 0.1 * cap, x1: box.x + box.width, y1: box.y + 0.4 * cap }));
    if (!margin.found) throw new Error(margin.reason);
    expect(margin.mrz.glare).toBeLessThan(0.005);
    // A patch over a fifth of the last line (its middle) washes out the paper of about a fifth of its cells (~0.15 of the line).
    const cells = locateMrz(
      withPatch({ x0: box.x + 0.4 * box.width, y0: box.y + box.height - 1.6 * cap, x1: box.x + 0.6 * box.width, y1: box.y + box.height }),
    );
    if (!cells.found) throw new Error(cells.reason);
    expect(cells.mrz.glare).toBeGreaterThan(0.08);
  }, 60_000);

  it("finds none on a real passport's tinted, textured paper, and finds a patch laid across its cells", async () => {
    // A real specimen photographed without glare: 600 × 418 px, 11 px capitals on pink guilloche.
    const file = path.resolve("tests/fixtures/real-documents/more/ID-Documents-Antitampering-MRZ__AFG_AO_01001_FRONT.jpg");
    const real = await decodeGray(readFileSync(file));
    const clean = locateMrz(real, ["TD3"]);
    if (!clean.found) throw new Error(clean.reason);
    expect(clean.mrz.glare).toBeLessThan(0.02);
    const { box, capHeight: cap } = clean.mrz;
    const washed = locateMrz(
      withPatch(
        { x0: box.x + 0.4 * box.width, y0: box.y + box.height - 1.6 * cap, x1: box.x + 0.6 * box.width, y1: box.y + box.height },
        real,
      ),
      ["TD3"],
    );
    if (!washed.found) throw new Error(washed.reason);
    expect(washed.mrz.glare).toBeGreaterThan(0.08);
  }, 60_000);
});

describe("the part of a picture its text lies in", () => {
  it("is the text's extent with a quarter of it added on every side, clamped to the picture", () => {
    const picture: GrayImage = { width: 3000, height: 2000, data: new Uint8Array(0) };
    // Text from (1000, 800) to (1400, 1000): 400 × 200, so 100 and 50 px are added.
    const lines = [line("PASSPORT", box([1000, 800], 200, 20, 0)), line(TD3[1]!, box([1000, 980], 400, 20, 0))];
    expect(textRegion(lines, picture)).toEqual({ x: 900, y: 750, width: 600, height: 300 });
    expect(textRegion([line("EDGE", box([10, 10], 100, 20, 0))], picture)).toEqual({ x: 0, y: 5, width: 135, height: 30 });
    expect(textRegion([], picture)).toBeNull();
  });
});

describe("an MRZ line's cells counted from its blobs", () => {
  // 30 cells at a 40 px pitch from x = 60, capitals 40 px tall on y = 100.
  const PITCH = 40;
  const glyph = (k: number, w = 26, h = 40, dx = 0): Blob => {
    const cx = 60 + k * PITCH + dx;
    return {
      x0: cx - w / 2,
      x1: cx + w / 2,
      y0: 100 - h / 2,
      y1: 100 + h / 2,
      cx,
      cy: 100,
      w,
      h,
      area: w * h,
      sx: cx * w * h,
      sy: 100 * w * h,
      // Raster positions of the first and last pixel (not used by the fit).
      first: 0,
      last: 0,
    };
  };
  const lineOf = (blobs: Blob[]): TextLine => ({ blobs, y: 100, start: blobs[0]!.cx, end: blobs.at(-1)!.cx, pitch: PITCH, cap: 40 });
  const cellCentres = (blobs: Blob[]) => {
    const geometry = fitLineGeometry(lineOf(blobs), blobs[0]!.cx, 0, 30)!;
    return Array.from({ length: 30 }, (_, k) => geometry.x(k));
  };

  it("does not count a glyph broken into pieces as two cells, nor two chevrons joined into one blob as one", () => {
    const blobs: Blob[] = [];
    for (let k = 0; k < 30; k++) {
      if (k === 6) {
        // A 4 enlarged from small print: its bar and its stem apart, centres a quarter cell apart.
        blobs.push(glyph(k, 11, 18, -6), glyph(k, 16, 28, 4));
      } else if (k === 20) {
        // Two chevrons touching: one blob across cells 20 and 21, its centre between them.
        blobs.push(glyph(20.5, 66, 30));
      } else if (k !== 21) blobs.push(glyph(k));
    }
    for (const [k, x] of cellCentres(blobs).entries()) expect(Math.abs(x - (60 + k * PITCH)), `cell ${k}`).toBeLessThan(0.15 * PITCH);
  });

  it("places every cell of a clean line where it is", () => {
    const blobs = Array.from({ length: 30 }, (_, k) => glyph(k));
    for (const [k, x] of cellCentres(blobs).entries()) expect(Math.abs(x - (60 + k * PITCH))).toBeLessThan(0.05 * PITCH);
  });

  // A band still slightly sheared: the zone's common start (the earliest line's first glyph) lies
  // 0.55 of a cell before this line's first glyph, which rounds to the second cell.
  const fromStart = (blobs: Blob[], start: number) => {
    const geometry = fitLineGeometry(lineOf(blobs), start, 0, 30)!;
    return Array.from({ length: 30 }, (_, k) => geometry.x(k));
  };

  it("counts a whole line that seems to start a cell late and runs past its end from its own first glyph", () => {
    // The case seen on a Swedish card's first line in a 25° perspective: read "AI<SWE…<<" (a blank
    // first cell read as a letter, the last filler lost), refused; counted back, read right.
    const blobs = Array.from({ length: 30 }, (_, k) => glyph(k));
    for (const [k, x] of fromStart(blobs, 60 - 0.55 * PITCH).entries())
      expect(Math.abs(x - (60 + k * PITCH)), `cell ${k}`).toBeLessThan(0.05 * PITCH);
  });

  it("leaves a line that starts on the first cell as it is, a stray blob past its end or not, and one too short to run past its end", () => {
    const stray = [...Array.from({ length: 30 }, (_, k) => glyph(k)), glyph(30.2, 10, 36)];
    for (const [k, x] of fromStart(stray, 60).entries()) expect(Math.abs(x - (60 + k * PITCH)), `cell ${k}`).toBeLessThan(0.1 * PITCH);
    // A line whose glyphs start a cell in (its first cell unseen) and end on the last cell: no cell beyond, no shift.
    const late = Array.from({ length: 29 }, (_, k) => glyph(k + 1));
    for (const [k, x] of fromStart(late, 60).entries()) expect(Math.abs(x - (60 + k * PITCH)), `cell ${k}`).toBeLessThan(0.05 * PITCH);
  });
});

describe("the MRZ's lines in a band cut out around it", () => {
  // The third set's Swedish card in perspective, its band rectified and enlarged ~3×: three rows of
  // 30 blobs 35 px apart along the line, the tall blobs 43–44 px high (the glyphs ~33 px: the
  // threshold takes in the blur's halo), 64 px between the rows.
  const row = (y: number, cap: number, pitch = 35): TextLine => ({ blobs: [], y, start: 38, end: 38 + 29 * pitch, pitch, cap });
  const rows = [row(70, 43), row(134, 44), row(197, 41)];

  it("takes blurred, enlarged lines whose blobs are taller than their pitch allows on a page", () => {
    // On a page a row's pitch must be 0.8 of its blobs' height: 35 < 0.8 × 44 refuses the second pair.
    expect(pickMrz(rows, 0, ["TD1"])).toBeNull();
    const inBand = pickMrz(rows, 0, ["TD1"], true);
    expect(inBand?.format).toBe("TD1");
    expect(inBand?.lines).toHaveLength(3);
  });

  it("still takes no rows of another pitch, unaligned or too close, in a band", () => {
    expect(pickMrz([row(70, 43), row(134, 44, 25), row(197, 41)], 0, ["TD1"], true)?.lines ?? []).not.toHaveLength(3);
    expect(pickMrz([row(70, 60), row(110, 60), row(150, 60)], 0, ["TD1"], true)).toBeNull(); // rows closer than 1.2 caps
    expect(pickMrz([row(70, 60, 35), row(134, 60, 35), row(197, 60, 35)], 0, ["TD1"], true)).toBeNull(); // pitch 0.58 of the cap
  });
});

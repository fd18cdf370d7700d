import { createCanvas, type Canvas, type Image } from "@napi-rs/canvas";
import { drawMrz, type MrzFont } from "./mrz-draw";
import { drawField, drawPortrait, drawSecurityBackground, drawSignature, VIZ_FONT, type Palette, type Rect } from "./page-art";
import type { Rng } from "./random";
import type { VizText } from "./viz-text";

/*
 * Page layouts in millimetres after ICAO 9303 parts 4–6 (TD3 125×88, TD1 85.6×54, TD2 105×74),
 * drawn at `mm` pixels per millimetre. Each returns the canvas and where the MRZ and portrait are.
 */
export interface LayoutInput {
  viz: VizText;
  mrzLines: string[];
  portrait: Image;
  palette: Palette;
  rng: Rng;
  mm: number;
  font: MrzFont;
  inkSpread: number;
  /** Passport-style "P", card "I"/"ID". */
  typeCode: string;
  issuingCode: string;
  ghostImage: boolean;
}

export interface DrawnPage {
  canvas: Canvas;
  mrzLineBoxes: Rect[];
  portraitBox: Rect | null;
}

function page(widthMm: number, heightMm: number, input: LayoutInput) {
  const { mm } = input;
  const canvas = createCanvas(Math.round(widthMm * mm), Math.round(heightMm * mm));
  const ctx = canvas.getContext("2d");
  drawSecurityBackground(ctx, { x: 0, y: 0, w: canvas.width, h: canvas.height }, input.palette, input.rng);
  return { canvas, ctx };
}

function header(
  ctx: ReturnType<Canvas["getContext"]>,
  input: LayoutInput,
  title: string,
  widthMm: number,
  yMm: number,
  size: number,
): void {
  const { mm } = input;
  ctx.fillStyle = input.palette.accent;
  ctx.textAlign = "left";
  ctx.font = `bold ${(size * mm).toFixed(1)}px ${VIZ_FONT}`;
  ctx.fillText(input.viz.stateName, 5 * mm, yMm * mm, widthMm * 0.62 * mm);
  ctx.textAlign = "right";
  ctx.fillText(title, (widthMm - 5) * mm, yMm * mm);
  ctx.textAlign = "left";
}

/** A lighter band behind the MRZ, as printed pages keep their clear zone low in pattern. */
function mrzZone(ctx: ReturnType<Canvas["getContext"]>, input: LayoutInput, topMm: number, widthMm: number, heightMm: number): void {
  ctx.fillStyle = input.palette.paper;
  ctx.globalAlpha = 0.7;
  ctx.fillRect(0, topMm * input.mm, widthMm * input.mm, (heightMm - topMm) * input.mm);
  ctx.globalAlpha = 1;
}

export function drawPassportPage(input: LayoutInput): DrawnPage {
  const { mm, viz } = input;
  const { canvas, ctx } = page(125, 88, input);
  header(ctx, input, "PASSPORT / PASSEPORT", 125, 8, 3.0);
  const f = (label: string, value: string, x: number, y: number, max?: number) =>
    drawField(ctx, label, value, x * mm, y * mm, mm, 3.2, max === undefined ? undefined : max * mm);
  f("Type / Type", input.typeCode, 46, 13.5);
  f("Code / Code", input.issuingCode, 62, 13.5);
  f("Passport No. / Passeport No.", viz.documentNumber, 82, 13.5);
  const portraitBox = { x: 5 * mm, y: 17 * mm, w: 35 * mm, h: 45 * mm };
  drawPortrait(ctx, input.portrait, portraitBox);
  f("Surname / Nom (1)", viz.surname, 46, 21, 74);
  f("Given names / Prénoms (2)", viz.givenNames, 46, 28, 74);
  f("Nationality / Nationalité (3)", viz.nationality, 46, 35, 74);
  f("Date of birth / Date de naissance (4)", viz.dateOfBirth, 46, 42, 28);
  f("Sex (5)", viz.sex, 76, 42);
  f("Place of birth (6)", viz.placeOfBirth, 87, 42, 20);
  f("Date of issue / Date de délivrance (7)", viz.dateOfIssue, 46, 49, 28);
  f("Authority / Autorité (8)", viz.authority, 76, 49, 30);
  f("Date of expiry / Date d'expiration (9)", viz.dateOfExpiry, 46, 56, 28);
  drawField(ctx, "Holder's signature (10)", "", 76 * mm, 56 * mm, mm, 3.2);
  drawSignature(ctx, { x: 77 * mm, y: 57 * mm, w: 26 * mm, h: 6 * mm }, input.rng);
  if (input.ghostImage) drawPortrait(ctx, input.portrait, { x: 108 * mm, y: 43 * mm, w: 13 * mm, h: 17 * mm }, { ghost: true });
  mrzZone(ctx, input, 66, 125, 88);
  const mrzLineBoxes = drawMrz(ctx, input.mrzLines, {
    mm,
    leftMm: (125 - 44 * 2.54) / 2,
    firstCentreMm: 88 - 6.6 - 4.8,
    linePitchMm: 4.8,
    font: input.font,
    inkSpread: input.inkSpread,
  });
  return { canvas, mrzLineBoxes, portraitBox };
}

export function drawTd1Front(input: LayoutInput): DrawnPage {
  const { mm, viz } = input;
  const { canvas, ctx } = page(85.6, 54, input);
  header(ctx, input, "IDENTITY CARD", 85.6, 6.5, 2.4);
  const portraitBox = { x: 4 * mm, y: 11 * mm, w: 24 * mm, h: 31 * mm };
  drawPortrait(ctx, input.portrait, portraitBox);
  const f = (label: string, value: string, x: number, y: number, max?: number) =>
    drawField(ctx, label, value, x * mm, y * mm, mm, 2.5, max === undefined ? undefined : max * mm);
  f("Surname / Nom", viz.surname, 32, 11.5, 50);
  f("Given names / Prénoms", viz.givenNames, 32, 17.5, 50);
  f("Sex / Sexe", viz.sex, 32, 23.5);
  f("Nationality / Nationalité", viz.nationality, 46, 23.5, 36);
  f("Date of birth / Date de naissance", viz.dateOfBirth, 32, 29.5, 24);
  f("Document No.", viz.documentNumber, 60, 29.5, 24);
  f("Date of expiry / Date d'expiration", viz.dateOfExpiry, 32, 35.5, 24);
  drawSignature(ctx, { x: 33 * mm, y: 42 * mm, w: 28 * mm, h: 6 * mm }, input.rng);
  return { canvas, mrzLineBoxes: [], portraitBox };
}

export function drawTd1Back(input: LayoutInput): DrawnPage {
  const { mm, viz } = input;
  const { canvas, ctx } = page(85.6, 54, input);
  const f = (label: string, value: string, x: number, y: number, max?: number) =>
    drawField(ctx, label, value, x * mm, y * mm, mm, 2.5, max === undefined ? undefined : max * mm);
  f("Place of birth / Lieu de naissance", viz.placeOfBirth, 5, 6, 40);
  f("Date of issue / Date de délivrance", viz.dateOfIssue, 50, 6, 32);
  f("Authority / Autorité", viz.authority, 5, 13, 76);
  if (input.ghostImage) drawPortrait(ctx, input.portrait, { x: 68 * mm, y: 15 * mm, w: 12 * mm, h: 15 * mm }, { ghost: true });
  mrzZone(ctx, input, 33, 85.6, 54);
  const mrzLineBoxes = drawMrz(ctx, input.mrzLines, {
    mm,
    leftMm: (85.6 - 30 * 2.54) / 2,
    firstCentreMm: 54 - 5.2 - 2 * 4.4,
    linePitchMm: 4.4,
    font: input.font,
    inkSpread: input.inkSpread,
  });
  return { canvas, mrzLineBoxes, portraitBox: null };
}

export function drawTd2Front(input: LayoutInput): DrawnPage {
  const { mm, viz } = input;
  const { canvas, ctx } = page(105, 74, input);
  header(ctx, input, "IDENTITY CARD", 105, 7, 2.7);
  const portraitBox = { x: 4 * mm, y: 12 * mm, w: 28 * mm, h: 36 * mm };
  drawPortrait(ctx, input.portrait, portraitBox);
  const f = (label: string, value: string, x: number, y: number, max?: number) =>
    drawField(ctx, label, value, x * mm, y * mm, mm, 2.9, max === undefined ? undefined : max * mm);
  f("Surname / Nom", viz.surname, 36, 13, 64);
  f("Given names / Prénoms", viz.givenNames, 36, 20, 64);
  f("Nationality", viz.nationality, 36, 27, 34);
  f("Sex", viz.sex, 74, 27);
  f("Document No.", viz.documentNumber, 84, 27, 18);
  f("Date of birth", viz.dateOfBirth, 36, 34, 24);
  f("Date of expiry", viz.dateOfExpiry, 64, 34, 24);
  f("Place of birth", viz.placeOfBirth, 36, 41, 26);
  f("Authority", viz.authority, 64, 41, 36);
  drawSignature(ctx, { x: 37 * mm, y: 47 * mm, w: 30 * mm, h: 5 * mm }, input.rng);
  mrzZone(ctx, input, 55, 105, 74);
  const mrzLineBoxes = drawMrz(ctx, input.mrzLines, {
    mm,
    leftMm: (105 - 36 * 2.54) / 2,
    firstCentreMm: 74 - 6.2 - 4.8,
    linePitchMm: 4.8,
    font: input.font,
    inkSpread: input.inkSpread,
  });
  return { canvas, mrzLineBoxes, portraitBox };
}

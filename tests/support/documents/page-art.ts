import { GlobalFonts, type Image, type SKRSContext2D } from "@napi-rs/canvas";
import type { Rng } from "./random";

/*
 * The printed look of a document page: security-print background (guilloche rosettes and
 * waves), labelled VIZ fields, portrait, signature. Nothing here is read back by the engine
 * except through the pixels, so it only has to look like a document, not be one.
 */
export const VIZ_FONT = '"Liberation Sans", "DejaVu Sans", "Nimbus Sans", sans-serif';
export const VIZ_FONT_BOLD = VIZ_FONT;

let fontsRegistered = false;
/** Registers OCR-B under names of our own so the two cuts (same family name) never mix. */
export function registerDocumentFonts(): void {
  if (fontsRegistered) return;
  const dir = "/usr/share/fonts/opentype/ocr-b";
  if (!GlobalFonts.registerFromPath(`${dir}/OCRB.otf`, "VerityOCRB"))
    throw new Error(`OCR-B not found in ${dir}: apt-get install fonts-ocr-b`);
  if (!GlobalFonts.registerFromPath(`${dir}/OCRBS.otf`, "VerityOCRBS")) throw new Error(`OCRBS.otf not found in ${dir}`);
  fontsRegistered = true;
}

export interface Palette {
  paper: string;
  tint: string;
  lines: [string, string];
  accent: string;
}

export const PALETTES: readonly Palette[] = [
  { paper: "#f6f1f4", tint: "#ecd9e4", lines: ["#c98aa8", "#8fb0cf"], accent: "#7a2148" },
  { paper: "#f1f5ef", tint: "#d9e8d3", lines: ["#8fbf8a", "#c6b27a"], accent: "#285c2a" },
  { paper: "#eff3f8", tint: "#d6e2f0", lines: ["#86a6cf", "#b69ad0"], accent: "#1d3f73" },
  { paper: "#f7f3ea", tint: "#eee0c4", lines: ["#d0a96a", "#9fbfae"], accent: "#6b4512" },
  { paper: "#f3f0f8", tint: "#e1d8ef", lines: ["#a993cf", "#d3a0a0"], accent: "#4b2c7a" },
];

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Background: a soft gradient, wave bands and a few rosettes in thin lines. */
export function drawSecurityBackground(ctx: SKRSContext2D, rect: Rect, palette: Palette, rng: Rng, strength = 1): void {
  const gradient = ctx.createLinearGradient(rect.x, rect.y, rect.x + rect.w, rect.y + rect.h);
  gradient.addColorStop(0, palette.paper);
  gradient.addColorStop(0.5, palette.tint);
  gradient.addColorStop(1, palette.paper);
  ctx.fillStyle = gradient;
  ctx.fillRect(rect.x, rect.y, rect.w, rect.h);

  ctx.save();
  ctx.beginPath();
  ctx.rect(rect.x, rect.y, rect.w, rect.h);
  ctx.clip();
  ctx.globalAlpha = 0.45 * strength;
  ctx.lineWidth = 0.9;
  // Interleaved sine bands.
  const bands = 26;
  const amplitude = rect.h * rng.float(0.03, 0.06);
  const period = rect.w / rng.float(2.5, 4.5);
  for (let i = 0; i < bands; i++) {
    ctx.strokeStyle = palette.lines[i % 2] as string;
    const y0 = rect.y + (i / bands) * rect.h * 1.1 - rect.h * 0.05;
    const phase = i * 0.35;
    ctx.beginPath();
    for (let x = 0; x <= rect.w; x += 6) {
      const y = y0 + amplitude * Math.sin((x / period) * 2 * Math.PI + phase) + amplitude * 0.4 * Math.sin((x / period) * 5.1 + phase * 2);
      if (x === 0) ctx.moveTo(rect.x + x, y);
      else ctx.lineTo(rect.x + x, y);
    }
    ctx.stroke();
  }
  // Rosettes (epitrochoid families), the classic guilloche.
  const rosettes = rng.int(2, 3);
  for (let r = 0; r < rosettes; r++) {
    const cx = rect.x + rng.float(0.15, 0.85) * rect.w;
    const cy = rect.y + rng.float(0.2, 0.8) * rect.h;
    const radius = Math.min(rect.w, rect.h) * rng.float(0.18, 0.32);
    const petals = rng.int(9, 17);
    ctx.strokeStyle = palette.lines[r % 2] as string;
    for (let k = 0; k < 6; k++) {
      const inner = radius * (0.45 + k * 0.07);
      ctx.beginPath();
      for (let s = 0; s <= 720; s++) {
        const t = (s / 720) * 2 * Math.PI;
        const rr = inner + radius * 0.22 * Math.sin(petals * t + k * 0.6);
        const x = cx + rr * Math.cos(t);
        const y = cy + rr * Math.sin(t);
        if (s === 0) ctx.moveTo(x, y);
        else ctx.lineTo(x, y);
      }
      ctx.stroke();
    }
  }
  ctx.restore();
}

/** A small caption label and its value below it, as on passport pages ("Surname / Nom"). */
export function drawField(
  ctx: SKRSContext2D,
  label: string,
  value: string,
  x: number,
  y: number,
  mm: number,
  valueSize = 3.2,
  maxWidth?: number,
): void {
  ctx.fillStyle = "#3d3d4a";
  ctx.font = `${(valueSize * 0.55 * mm).toFixed(1)}px ${VIZ_FONT}`;
  ctx.textBaseline = "alphabetic";
  ctx.fillText(label, x, y);
  if (!value) return;
  ctx.fillStyle = "#111118";
  ctx.font = `bold ${(valueSize * mm).toFixed(1)}px ${VIZ_FONT_BOLD}`;
  // Long values are condensed to fit their box, as issuers do, rather than cut.
  if (maxWidth === undefined) ctx.fillText(value, x, y + valueSize * mm + 0.6 * mm);
  else ctx.fillText(value, x, y + valueSize * mm + 0.6 * mm, maxWidth);
}

/** The portrait: cropped to the photo's aspect, optionally faded and grey (a ghost image). */
export function drawPortrait(ctx: SKRSContext2D, image: Image, box: Rect, options: { ghost?: boolean } = {}): void {
  const side = Math.min(image.width, image.height);
  // The sample faces are square, face about half the frame: keep head and shoulders at 35:45.
  const sw = side * 0.68;
  const sh = sw * (box.h / box.w);
  const sx = (image.width - sw) / 2;
  const sy = Math.max(0, (image.height - sh) / 2 - side * 0.02);
  ctx.save();
  if (options.ghost) {
    ctx.globalAlpha = 0.28;
    ctx.filter = "grayscale(1) contrast(0.8)";
  } else {
    ctx.filter = "saturate(0.85)";
  }
  ctx.drawImage(image, sx, sy, sw, Math.min(sh, image.height - sy), box.x, box.y, box.w, box.h);
  ctx.restore();
  if (!options.ghost) {
    ctx.strokeStyle = "rgba(40,40,50,0.5)";
    ctx.lineWidth = 1;
    ctx.strokeRect(box.x, box.y, box.w, box.h);
  }
}

/** A handwritten-looking scribble. */
export function drawSignature(ctx: SKRSContext2D, box: Rect, rng: Rng): void {
  ctx.save();
  ctx.strokeStyle = "#1a2a6c";
  ctx.lineWidth = Math.max(1.2, box.h * 0.05);
  ctx.lineCap = "round";
  ctx.beginPath();
  let x = box.x;
  const mid = box.y + box.h * 0.6;
  ctx.moveTo(x, mid);
  while (x < box.x + box.w) {
    const step = rng.float(box.h * 0.15, box.h * 0.45);
    ctx.quadraticCurveTo(x + step / 2, mid - rng.float(-0.45, 0.55) * box.h, x + step, mid + rng.float(-0.2, 0.25) * box.h);
    x += step;
  }
  ctx.stroke();
  ctx.restore();
}

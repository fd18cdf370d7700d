import { Canvas, GlobalFonts, loadImage, type SKRSContext2D } from "@napi-rs/canvas";
import { sampleFaces, type SampleFace } from "../faces";
import { createRng, type Rng } from "./random";
import { homographyFromPoints } from "./homography";

/*
 * A UK driving licence photocard front (85.6 × 54 mm at 12 px/mm ≈ 1027 × 648 px) with known
 * truth: the pink card, "DRIVING LICENCE", the "UK" badge, a grey portrait and the numbered fields
 * 1–5, 7, 8, 9 in a plain sans font (Liberation Sans regular, as the card's Arial-like print). Field 5
 * is the DVLA number built from the printed surname, date of birth, sex and initials, so a reader
 * can use it as independent evidence (unless `tamperNumber` breaks that agreement on purpose).
 */

export const LICENCE_SIZE = { width: 1027, height: 648 } as const;

export interface LicencePerson {
  surname: string;
  givenNames: string;
  /** YYYY-MM-DD */
  dateOfBirth: string;
  sex: "M" | "F";
}

export interface DrivingLicenceTruth extends LicencePerson {
  /** Field 5: the 16-character DVLA number (what the card prints, tampered or not). */
  documentNumber: string;
  /** The two-digit issue number printed after it. */
  issueNumber: string;
  placeOfBirth: string;
  dateOfIssue: string;
  expirationDate: string;
  issuingAuthority: "DVLA";
  address: string;
  faceIndex: number;
  /** The person whose portrait is printed (tests/support/faces.ts). */
  facePerson: string;
  /** True when the number was altered so it no longer fits the printed surname/DOB/initials. */
  tampered: boolean;
}

export interface DrivingLicenceOptions {
  seed?: number | string;
  person?: Partial<LicencePerson>;
  /** Expiry 1–400 days before `now` (default: 1–9 years after). */
  expired?: boolean;
  now?: Date;
  faceIndex?: number;
  /** Print a licence number whose birth date digits and initials do not fit the printed fields. */
  tamperNumber?: boolean;
}

let fontsReady = false;
function registerFonts(): void {
  if (fontsReady) return;
  GlobalFonts.registerFromPath("/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf", "LicenceSans");
  GlobalFonts.registerFromPath("/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf", "LicenceSansBold");
  fontsReady = true;
}

let faces: Promise<SampleFace[]> | undefined;
const portraits = (): Promise<SampleFace[]> => (faces ??= sampleFaces());

// Several naming traditions, including the number's awkward cases: MAC/MC, apostrophes, short
// surnames padded with 9s, one given name (initial 9), three given names (only two count).
const SURNAMES = [
  "SMITH",
  "JONES",
  "MORGAN",
  "MACDONALD",
  "MCLEAN",
  "O'BRIEN",
  "PATEL",
  "KHAN",
  "NG",
  "LI",
  "WILLIAMSON",
  "HUGHES",
  "NOWAK",
  "KOWALSKI",
  "OKAFOR",
  "ADEBAYO",
  "CHOWDHURY",
  "FERNANDES",
  "EVANS",
  "WRIGHT",
  "MACKENZIE",
  "DUBOIS",
  "ROSSI",
  "NGUYEN",
  "BEGUM",
  "FITZGERALD",
  "HALL",
  "YILMAZ",
  "MURPHY",
  "SINGH",
  "CAMPBELL",
  "ABBOTT",
  "ZHANG",
  "WOOD",
  "BUTTERWORTH",
] as const;
const MALE = ["JAMES", "OLIVER", "MOHAMMED", "DAVID", "PIOTR", "CHUKWUEMEKA", "RAJ", "THOMAS", "LIAM", "WEI", "ARTHUR", "KOFI"] as const;
const FEMALE = ["SARAH", "AMELIA", "FATIMA", "EMILY", "AGNIESZKA", "PRIYA", "CHLOE", "SIOBHAN", "MEI", "GRACE", "ZARA", "NGOZI"] as const;
const PLACES = ["UNITED KINGDOM", "LONDON", "MANCHESTER", "GLASGOW", "CARDIFF", "POLAND", "INDIA", "NIGERIA", "LEEDS"] as const;
const STREETS = ["HIGH STREET", "CHURCH ROAD", "STATION ROAD", "PARK AVENUE", "MILL LANE", "VICTORIA ROAD", "THE GREEN"] as const;
const TOWNS = [
  ["LEEDS", "LS1 4AB"],
  ["BRISTOL", "BS8 1TH"],
  ["LEICESTER", "LE2 7QP"],
  ["SWANSEA", "SA1 3SN"],
  ["YORK", "YO10 5DD"],
] as const;
const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

const iso = (d: Date): string => d.toISOString().slice(0, 10);
const printed = (isoDate: string): string => isoDate.split("-").reverse().join(".");
const addDays = (d: Date, days: number): Date => new Date(d.getTime() + days * 86_400_000);

/** Chars 1–13 of the DVLA number: surname, date of birth (+50 on the month for women), initials. */
export function dvlaNumberStem(person: LicencePerson): string {
  let letters = person.surname.toUpperCase().replace(/[^A-Z]/g, "");
  if (letters.startsWith("MAC")) letters = `MC${letters.slice(3)}`;
  const surname = letters.slice(0, 5).padEnd(5, "9");
  const [year = "", month = "", day = ""] = person.dateOfBirth.split("-");
  const mm = String(Number(month) + (person.sex === "F" ? 50 : 0)).padStart(2, "0");
  const initials = person.givenNames
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((name) => name[0] ?? "9")
    .join("")
    .padEnd(2, "9");
  return `${surname}${year[2] ?? ""}${mm}${day}${year[3] ?? ""}${initials}`;
}

function randomPerson(rng: Rng, now: Date): LicencePerson {
  const sex = rng.pick(["M", "F"] as const);
  const pool = sex === "M" ? MALE : FEMALE;
  const count = rng.pick([1, 2, 2, 3]);
  const given: string[] = [];
  while (given.length < count) {
    const name = rng.pick(pool);
    if (!given.includes(name)) given.push(name);
  }
  const birth = addDays(now, -rng.int(17 * 365 + 10, 80 * 365));
  return { surname: rng.pick(SURNAMES), givenNames: given.join(" "), dateOfBirth: iso(birth), sex };
}

function tamper(stem: string, rng: Rng): string {
  // Another birth day and swapped initials: the number looks well formed but fits someone else.
  const day = String(((Number(stem.slice(8, 10)) + rng.int(3, 20)) % 28) + 1).padStart(2, "0");
  const initials = `${rng.pick([...LETTERS])}${rng.pick([...LETTERS])}`;
  return `${stem.slice(0, 8)}${day}${stem.slice(10, 11)}${initials === stem.slice(11, 13) ? "ZZ" : initials}`;
}

/** Draws one licence front; PNG bytes and the truth printed on it. */
export async function makeDrivingLicence(options: DrivingLicenceOptions = {}): Promise<{ png: Buffer; truth: DrivingLicenceTruth }> {
  registerFonts();
  const rng = createRng(options.seed ?? "licence");
  const now = options.now ?? new Date();
  const person = { ...randomPerson(rng.fork("person"), now), ...options.person };
  const expiry = options.expired ? addDays(now, -rng.int(1, 400)) : addDays(now, rng.int(200, 9 * 365));
  const issue = addDays(new Date(Date.UTC(expiry.getUTCFullYear() - 10, expiry.getUTCMonth(), expiry.getUTCDate())), 1);
  const stem = dvlaNumberStem(person);
  const tail = `${rng.chance(0.8) ? "9" : String(rng.int(1, 8))}${rng.pick([...LETTERS])}${rng.pick([...LETTERS, "0", "1", "2", "3", "4", "5", "6", "7", "8", "9"])}`;
  const documentNumber = `${options.tamperNumber ? tamper(stem, rng.fork("tamper")) : stem}${tail}`;
  const [town, postcode] = rng.pick(TOWNS);
  const all = await portraits();
  const faceIndex = (options.faceIndex ?? rng.int(0, all.length - 1)) % all.length;
  const face = all[faceIndex];
  if (!face) throw new Error("no sample faces");
  const truth: DrivingLicenceTruth = {
    ...person,
    documentNumber,
    issueNumber: String(rng.int(10, 99)),
    placeOfBirth: rng.pick(PLACES),
    dateOfIssue: iso(issue),
    expirationDate: iso(expiry),
    issuingAuthority: "DVLA",
    address: `${rng.int(1, 220)} ${rng.pick(STREETS)}, ${town}, ${postcode}`,
    faceIndex,
    facePerson: face.person,
    tampered: options.tamperNumber === true,
  };
  const canvas = new Canvas(LICENCE_SIZE.width, LICENCE_SIZE.height);
  const ctx = canvas.getContext("2d");
  drawBackground(ctx, rng.fork("background"));
  await drawPortrait(ctx, face.image);
  drawFields(ctx, truth, rng.fork("signature"));
  return { png: await canvas.encode("png"), truth };
}

function drawBackground(ctx: SKRSContext2D, rng: Rng): void {
  const { width, height } = LICENCE_SIZE;
  const gradient = ctx.createLinearGradient(0, 0, width, height);
  gradient.addColorStop(0, "#f6cfd9");
  gradient.addColorStop(0.55, "#fbe3e8");
  gradient.addColorStop(1, "#e9d4ea");
  ctx.fillStyle = gradient;
  ctx.beginPath();
  ctx.roundRect(0, 0, width, height, 38);
  ctx.fill();
  // Guilloche: faint wavy lines across the card, as the security print under the text.
  ctx.lineWidth = 1;
  const phase = rng.float(0, Math.PI * 2);
  for (let i = 0; i < 26; i++) {
    ctx.strokeStyle = i % 2 ? "rgba(214,120,160,0.22)" : "rgba(150,140,210,0.18)";
    ctx.beginPath();
    for (let x = 0; x <= width; x += 8) {
      const y = 30 + i * 24 + 9 * Math.sin(x / 47 + phase + i * 0.6) + 5 * Math.sin(x / 13 + i);
      if (x === 0) ctx.moveTo(x, y);
      else ctx.lineTo(x, y);
    }
    ctx.stroke();
  }
  // The "UK" badge (Union flag field) and the titles.
  ctx.fillStyle = "#1d3f8f";
  ctx.fillRect(38, 34, 120, 78);
  ctx.fillStyle = "#ffffff";
  ctx.font = "bold 46px LicenceSansBold";
  ctx.fillText("UK", 66, 90);
  ctx.fillStyle = "#1d3f8f";
  ctx.font = "38px LicenceSansBold";
  ctx.fillText("DRIVING LICENCE", 200, 76);
  ctx.font = "20px LicenceSans";
  ctx.fillText("UNITED KINGDOM", 202, 106);
}

async function drawPortrait(ctx: SKRSContext2D, jpeg: Buffer): Promise<void> {
  const image = await loadImage(jpeg);
  const box = { x: 40, y: 146, w: 250, h: 320 };
  // Card portraits are printed in grey; crop the square sample to the 25:32 frame.
  const sw = image.width * (box.w / box.h);
  ctx.save();
  ctx.filter = "grayscale(1) contrast(1.1)";
  ctx.drawImage(image, (image.width - sw) / 2, 0, sw, image.height, box.x, box.y, box.w, box.h);
  ctx.restore();
  ctx.strokeStyle = "rgba(60,60,60,0.5)";
  ctx.strokeRect(box.x, box.y, box.w, box.h);
}

function drawFields(ctx: SKRSContext2D, truth: DrivingLicenceTruth, rng: Rng): void {
  const labelX = 320;
  const valueX = 372;
  const label = (text: string, x: number, y: number) => {
    ctx.fillStyle = "#1d3f8f";
    ctx.font = "22px LicenceSans";
    ctx.fillText(text, x, y);
  };
  const value = (text: string, x: number, y: number, size = 30) => {
    ctx.fillStyle = "#111111";
    ctx.font = `${size}px LicenceSans`;
    ctx.fillText(text, x, y);
  };
  const rows: [string, string, number][] = [
    ["1.", truth.surname, 168],
    ["2.", truth.givenNames, 212],
    ["3.", `${printed(truth.dateOfBirth)} ${truth.placeOfBirth}`, 256],
    ["4a.", printed(truth.dateOfIssue), 300],
    ["4b.", printed(truth.expirationDate), 344],
  ];
  for (const [name, text, y] of rows) {
    label(name, labelX, y);
    value(text, valueX, y);
  }
  label("4c.", 640, 300);
  value(truth.issuingAuthority, 692, 300);
  label("5.", labelX, 392);
  value(`${truth.documentNumber}   ${truth.issueNumber}`, valueX, 392, 32);
  label("7.", labelX, 452);
  drawSignature(ctx, valueX, 452, truth.surname, rng);
  label("8.", labelX, 520);
  value(truth.address, valueX, 520, 24);
  label("9.", labelX, 590);
  value("AM/A/B1/B/f/k/l/n/p/q", valueX, 590, 24);
}

function drawSignature(ctx: SKRSContext2D, x: number, y: number, name: string, rng: Rng): void {
  ctx.strokeStyle = "#222244";
  ctx.lineWidth = 2.2;
  ctx.beginPath();
  ctx.moveTo(x, y);
  const strokes = 6 + Math.min(name.length, 8);
  for (let i = 1; i <= strokes; i++) {
    ctx.quadraticCurveTo(x + i * 18 - 9, y - rng.float(10, 34), x + i * 18, y - rng.float(-6, 8));
  }
  ctx.stroke();
}

/*
 * Stop-gap phone-like capture until tests/support/documents/phone-capture.ts lands: the card on a
 * textured table, turned ±8°, perspective (each corner moved up to 4 % of the card), 0.6–1.0×
 * scale, uneven light, blur σ 0.6–1.2, noise, JPEG q50–70. Optionally upside down.
 */
export async function roughPhoneCapture(png: Buffer, options: { seed: number | string; upsideDown?: boolean }): Promise<Buffer> {
  const sharp = (await import("sharp")).default;
  const rng = createRng(`phone:${options.seed}`);
  const card = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const cw = card.info.width;
  const ch = card.info.height;
  const W = 1600;
  const H = 1200;
  const scale = (rng.float(0.6, 1.0) * (W * 0.7)) / cw;
  const angle = (rng.float(-8, 8) + (options.upsideDown ? 180 : 0)) * (Math.PI / 180);
  const cx = W / 2 + rng.float(-120, 120);
  const cy = H / 2 + rng.float(-80, 80);
  const corners = [
    [0, 0],
    [cw, 0],
    [cw, ch],
    [0, ch],
  ].map(([x = 0, y = 0]) => {
    const dx = (x - cw / 2 + rng.float(-0.04, 0.04) * cw) * scale;
    const dy = (y - ch / 2 + rng.float(-0.04, 0.04) * ch) * scale;
    return [cx + dx * Math.cos(angle) - dy * Math.sin(angle), cy + dx * Math.sin(angle) + dy * Math.cos(angle)] as [number, number];
  });
  const h = homographyFromPoints(corners, [
    [0, 0],
    [cw, 0],
    [cw, ch],
    [0, ch],
  ]);
  const out = Buffer.alloc(W * H * 3);
  const base = [rng.int(90, 170), rng.int(70, 130), rng.int(40, 100)];
  const light = { x: rng.float(0, W), y: rng.float(0, H), k: rng.float(0.15, 0.35) };
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const o = (y * W + x) * 3;
      const grain = 18 * Math.sin(y / 9 + Math.sin(x / 60) * 3) + rng.float(-10, 10);
      let rgb = base.map((v) => v + grain);
      const d = h[6]! * x + h[7]! * y + h[8]!;
      const u = (h[0]! * x + h[1]! * y + h[2]!) / d;
      const v = (h[3]! * x + h[4]! * y + h[5]!) / d;
      if (u >= 0 && v >= 0 && u < cw - 1 && v < ch - 1) {
        const x0 = Math.floor(u);
        const y0 = Math.floor(v);
        const fx = u - x0;
        const fy = v - y0;
        const px = (i: number, c: number) => card.data[i * 4 + c] ?? 0;
        const i00 = y0 * cw + x0;
        const sample = (c: number) =>
          (px(i00, c) * (1 - fx) + px(i00 + 1, c) * fx) * (1 - fy) + (px(i00 + cw, c) * (1 - fx) + px(i00 + cw + 1, c) * fx) * fy;
        const a = sample(3) / 255;
        rgb = rgb.map((bg, c) => bg * (1 - a) + sample(c) * a);
      }
      const shade = 1 - (light.k * Math.hypot(x - light.x, y - light.y)) / W + rng.float(-6, 6) / 255;
      for (let c = 0; c < 3; c++) out[o + c] = Math.max(0, Math.min(255, (rgb[c] ?? 0) * shade));
    }
  }
  return sharp(out, { raw: { width: W, height: H, channels: 3 } })
    .blur(rng.float(0.6, 1.2))
    .jpeg({ quality: rng.int(50, 70) })
    .toBuffer();
}

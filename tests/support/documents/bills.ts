import { createCanvas, GlobalFonts } from "@napi-rs/canvas";
import anyAscii from "any-ascii";
import sharp from "sharp";
import { GENERATOR_TODAY, isoDate, randomPerson, type Person } from "./people";
import { phoneCapture, type CaptureLevel } from "./phone-capture";
import { A4_POINTS, helveticaWidth, writePdf, type PdfOp, type PdfTextPage, type Rgb } from "./pdf-writer";
import { createRng, type Rng } from "./random";
import type { UkAddress } from "./uk-address";

/*
 * Address documents with known truth: bank statements, utility, council tax and mobile phone
 * bills, credit card statements and payslips from invented (but plausible) issuers, laid out once
 * as PDF drawing operations and then rendered three ways: a text PDF, an image (PNG) and a scan
 * (that image as a JPEG inside a PDF); phone photos come from phone-capture.ts. Each layout holds
 * the traps real documents hold: the issuer's own postcode in the footer, transaction dates beside
 * the document date, other companies' names in a statement's direct debits.
 */

export const BILL_KINDS = [
  "bank_statement",
  "utility_bill",
  "council_tax_bill",
  "payslip",
  "mobile_phone_bill",
  "credit_card_statement",
] as const;
export type BillKind = (typeof BILL_KINDS)[number];

export interface BillTruth {
  kind: BillKind;
  issuer: string;
  /** The holder's name as printed (ASCII, as UK billing systems print it): first given name and surname. */
  firstName: string;
  lastName: string;
  /** The address as printed (line1 is the first line). */
  address: UkAddress;
  documentDate: string;
  /** Account or reference number, without the spaces it may be printed with. */
  reference: string;
  person: Person;
}

export interface Bill {
  truth: BillTruth;
  page: PdfTextPage;
}

interface Issuer {
  name: string;
  colour: Rgb;
  dateLabel: string;
  refLabel: string;
  title: string;
  ref: (rng: Rng) => string;
  office: string;
}

const digits = (rng: Rng, count: number) => Array.from({ length: count }, () => rng.int(0, 9)).join("");
const ISSUERS: Record<Exclude<BillKind, "council_tax_bill">, Issuer[]> = {
  bank_statement: [
    {
      name: "Albion Bank",
      colour: [0, 92, 140],
      dateLabel: "Statement date",
      refLabel: "Account number",
      title: "Your current account statement",
      ref: (r) => digits(r, 8),
      office: "Albion Bank plc, 25 Gresham Street, London EC2V 7HN",
    },
    {
      name: "Northgate Building Society",
      colour: [120, 20, 60],
      dateLabel: "Statement date",
      refLabel: "Account number",
      title: "Statement of account",
      ref: (r) => digits(r, 8),
      office: "Northgate Building Society, Northgate House, Swindon SN38 1NW",
    },
    {
      name: "Meridian Bank",
      colour: [10, 110, 70],
      dateLabel: "Date of issue",
      refLabel: "Account no.",
      title: "Current Account Statement",
      ref: (r) => digits(r, 8),
      office: "Meridian Bank UK plc, 1 Churchill Place, London E14 5HP",
    },
  ],
  utility_bill: [
    {
      name: "Thamesbrook Water",
      colour: [0, 120, 190],
      dateLabel: "Bill date",
      refLabel: "Account number",
      title: "Your water and sewerage bill",
      ref: (r) => digits(r, 10),
      office: "Thamesbrook Water Utilities Ltd, Clearwater Court, Reading RG1 8DB",
    },
    {
      name: "Britannia Gas & Power",
      colour: [0, 70, 150],
      dateLabel: "Bill date",
      refLabel: "Customer reference",
      title: "Your energy bill",
      ref: (r) => digits(r, 10),
      office: "Britannia Gas & Power Ltd, Millstream, Windsor SL4 5GD",
    },
    {
      name: "Pennine Energy",
      colour: [200, 80, 0],
      dateLabel: "Date of bill",
      refLabel: "Account number",
      title: "Your electricity bill",
      ref: (r) => digits(r, 9),
      office: "Pennine Energy Supply Ltd, 4 Wellington Place, Leeds LS1 4AP",
    },
  ],
  payslip: [
    {
      name: "Harwood Engineering Ltd",
      colour: [60, 60, 60],
      dateLabel: "Pay date",
      refLabel: "Employee number",
      title: "Payslip",
      ref: (r) => `E${digits(r, 6)}`,
      office: "Harwood Engineering Ltd, Unit 7 Trafford Park, Manchester M17 1HH",
    },
    {
      name: "Lindqvist Retail plc",
      colour: [90, 30, 120],
      dateLabel: "Payment date",
      refLabel: "Payroll number",
      title: "Employee pay advice",
      ref: (r) => digits(r, 7),
      office: "Lindqvist Retail plc, 30 Broad Street, Birmingham B1 2HF",
    },
  ],
  mobile_phone_bill: [
    {
      name: "Vireo Mobile",
      colour: [200, 0, 90],
      dateLabel: "Bill date",
      refLabel: "Account number",
      title: "Your mobile bill",
      ref: (r) => digits(r, 10),
      office: "Vireo Mobile Ltd, 2 Kingdom Street, London W2 6BD",
    },
  ],
  credit_card_statement: [
    {
      name: "Kestrel Card Services",
      colour: [20, 40, 90],
      dateLabel: "Statement date",
      refLabel: "Account number",
      title: "Your credit card statement",
      ref: (r) => digits(r, 12),
      office: "Kestrel Card Services Ltd, 1 Harbour Exchange, London E14 9GE",
    },
  ],
};

function councilIssuer(town: string): Issuer {
  const place = town
    .split(" ")
    .map((w) => w[0] + w.slice(1).toLowerCase())
    .join(" ");
  return {
    name: `${place} City Council`,
    colour: [40, 40, 40],
    dateLabel: "Date of issue",
    refLabel: "Account reference",
    title: "Council Tax Bill 2026/27",
    ref: (r) => `${digits(r, 8)}${r.pick(["", "X", "A"])}`,
    office: `Revenues and Benefits, PO Box 1207, ${place}`,
  };
}

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
/** The ways the document date is printed (the reader must understand every one). */
export function formatBillDate(iso: string, style: number): string {
  const [y, m, d] = iso.split("-").map(Number) as [number, number, number];
  const month = MONTHS[m - 1]!;
  const dd = String(d).padStart(2, "0");
  const mm = String(m).padStart(2, "0");
  return [
    `${d} ${month} ${y}`,
    `${dd}/${mm}/${y}`,
    `${d} ${month.slice(0, 3)} ${String(y).slice(2)}`,
    `${dd} ${month.slice(0, 3)} ${y}`,
    `${dd}.${mm}.${y}`,
    `${d}${[, "st", "nd", "rd"][d % 10 > 3 || Math.floor(d / 10) === 1 ? 0 : d % 10] ?? "th"} ${month} ${y}`,
  ][style % 6]!;
}

const addDays = (iso: string, days: number) => isoDate(new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000));
const money = (v: number) => v.toLocaleString("en-GB", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const titleFor = (rng: Rng, sex: Person["sex"]) => (sex === "M" ? "Mr" : sex === "F" ? rng.pick(["Mrs", "Ms", "Miss"]) : "Mx");

export interface BillOptions {
  kind?: BillKind;
  /** Days between the document date and GENERATOR_TODAY (default: 3–80, i.e. recent). */
  ageDays?: number;
  /** The holder (with an address): a second document of the same person. Default: a random person. */
  person?: Person;
}

/** A random address document (deterministic for the seed). */
export function randomBill(seed: number | string, options: BillOptions = {}): Bill {
  const rng = createRng(`bill:${seed}`);
  const kind = options.kind ?? rng.pick(BILL_KINDS);
  const person = options.person ?? randomPerson(rng.fork("person"), { withAddress: true });
  const address = person.address!;
  const issuer = kind === "council_tax_bill" ? councilIssuer(address.town) : rng.pick(ISSUERS[kind]);
  const documentDate = addDays(GENERATOR_TODAY, -(options.ageDays ?? rng.int(3, 80)));
  const firstName = anyAscii(person.givenNames.split(" ")[0]!);
  const lastName = anyAscii(person.surname);
  const truth: BillTruth = { kind, issuer: issuer.name, firstName, lastName, address, documentDate, reference: issuer.ref(rng), person };
  return { truth, page: layOut(truth, issuer, rng.fork("layout")) };
}

function layOut(truth: BillTruth, issuer: Issuer, rng: Rng): PdfTextPage {
  const ops: PdfOp[] = [];
  const W = A4_POINTS.width;
  const right = W - 50;
  const text = (x: number, y: number, size: number, value: string, extra: Partial<Extract<PdfOp, { kind: "text" }>> = {}) =>
    ops.push({ kind: "text", x, y, size, text: value, ...extra });
  // Letterhead: the issuer's name, large, in its colour, left or right.
  const headRight = rng.chance(0.4);
  ops.push({ kind: "rect", x: 0, y: 0, width: W, height: 8, fill: issuer.colour });
  text(headRight ? right : 50, 62, rng.int(20, 26), issuer.name, { bold: true, color: issuer.colour, align: headRight ? "right" : "left" });

  // The window-envelope address block.
  const upper = rng.chance(0.4);
  const name = `${rng.chance(0.85) ? `${titleFor(rng, truth.person.sex)} ` : ""}${truth.firstName} ${truth.lastName}`;
  const lines = [
    name,
    truth.address.line1,
    ...(truth.address.line2 ? [truth.address.line2] : []),
    upper ? truth.address.town : townCase(truth.address.town),
    truth.address.postcode,
  ];
  // The window is ~90 mm wide (the reference panel starts 100 mm in): a long name is printed
  // smaller to fit it, as billing systems do, never over the panel's labels.
  const printed = lines.map((line) => (upper ? line.toUpperCase() : line));
  const size = Math.min(10.5, ...printed.map((line) => (10.5 * 250) / Math.max(250, helveticaWidth(line, 10.5))));
  printed.forEach((line, i) => text(60, 150 + i * 13, size, line));

  // The reference panel on the right.
  const dateText = formatBillDate(truth.documentDate, rng.int(0, 5));
  const spaced = rng.chance(0.3) && /^\d{8,}$/.test(truth.reference) ? truth.reference.replace(/(\d{4})(?=\d)/g, "$1 ") : truth.reference;
  const panel: [string, string][] = [
    [issuer.dateLabel, dateText],
    [issuer.refLabel, spaced],
  ];
  if (truth.kind === "bank_statement") panel.push(["Sort code", `${rng.int(10, 99)}-${rng.int(10, 99)}-${rng.int(10, 99)}`]);
  if (truth.kind === "payslip")
    panel.push(
      ["Tax code", "1257L"],
      ["NI number", `${rng.pick(["AB", "JK", "NP", "SR"])}${rng.int(100000, 999999)}${rng.pick(["A", "B", "C", "D"])}`],
    );
  if (truth.kind === "council_tax_bill") panel.push(["Band", rng.pick(["A", "B", "C", "D", "E"])]);
  panel.push(["Page", "1 of 1"]);
  panel.forEach(([label, value], i) => {
    text(340, 150 + i * 15, 9, `${label}:`, { bold: true });
    text(right, 150 + i * 15, 9, value, { align: "right" });
  });

  text(50, 260, 15, issuer.title, { bold: true, color: issuer.colour });
  drawTable(ops, truth, rng, 290);
  ops.push({ kind: "line", x1: 50, y1: 770, x2: right, y2: 770, color: [150, 150, 150] });
  text(50, 785, 7, `${issuer.office}${issuer.office.includes("PO Box") ? "" : ". Registered in England and Wales."}`, {
    color: [90, 90, 90],
  });
  text(50, 796, 7, "Calls may be recorded for training and quality purposes.", { color: [90, 90, 90] });
  return { kind: "text", width: W, height: A4_POINTS.height, ops };
}

const townCase = (town: string) =>
  town
    .split(" ")
    .map((w) => (w === "UPON" ? "upon" : w[0] + w.slice(1).toLowerCase()))
    .join(" ");

const ROWS: Record<BillKind, (rng: Rng) => [string, number]> = {
  bank_statement: (r) =>
    r.pick<[string, number]>([
      ["CARD PAYMENT TESCO STORES", -r.int(500, 9000) / 100],
      ["DIRECT DEBIT THAMESBROOK WATER", -r.int(2500, 6000) / 100],
      ["BANK TRANSFER FROM SALARY", r.int(150000, 320000) / 100],
      ["CONTACTLESS PRET A MANGER", -r.int(300, 1200) / 100],
      ["STANDING ORDER RENT", -r.int(60000, 140000) / 100],
      ["CASH WITHDRAWAL ATM", -r.int(2, 20) * 10],
    ]),
  utility_bill: (r) =>
    r.pick<[string, number]>([
      ["Standing charge (31 days)", r.int(800, 1800) / 100],
      ["Usage charge", r.int(2000, 9000) / 100],
      ["VAT at 5%", r.int(100, 600) / 100],
      ["Payment received - thank you", -r.int(3000, 9000) / 100],
    ]),
  council_tax_bill: (r) =>
    r.pick<[string, number]>([
      ["Instalment", r.int(9000, 24000) / 100],
      ["Adult social care precept", r.int(1000, 4000) / 100],
      ["Police and fire precept", r.int(1500, 3500) / 100],
    ]),
  payslip: (r) =>
    r.pick<[string, number]>([
      ["Basic pay", r.int(150000, 400000) / 100],
      ["Overtime", r.int(5000, 40000) / 100],
      ["Income tax (PAYE)", -r.int(20000, 70000) / 100],
      ["National Insurance", -r.int(8000, 30000) / 100],
      ["Pension contribution", -r.int(5000, 15000) / 100],
    ]),
  mobile_phone_bill: (r) =>
    r.pick<[string, number]>([
      ["Monthly plan - unlimited minutes and texts", r.int(1000, 4500) / 100],
      ["Data add-on 10GB", r.int(500, 1000) / 100],
      ["Calls to premium numbers", r.int(50, 900) / 100],
      ["Roaming charges", r.int(100, 1500) / 100],
    ]),
  credit_card_statement: (r) =>
    r.pick<[string, number]>([
      ["AMAZON MARKETPLACE", r.int(800, 9000) / 100],
      ["TRAINLINE", r.int(1500, 12000) / 100],
      ["PAYMENT RECEIVED THANK YOU", -r.int(5000, 40000) / 100],
      ["INTEREST", r.int(100, 2500) / 100],
    ]),
};

function drawTable(ops: PdfOp[], truth: BillTruth, rng: Rng, top: number): void {
  const right = A4_POINTS.width - 50;
  const head = ["Date", "Description", "Amount (£)", truth.kind === "bank_statement" ? "Balance (£)" : ""];
  ops.push({ kind: "rect", x: 50, y: top - 12, width: right - 50, height: 17, fill: [232, 236, 240] });
  head.forEach(
    (h, i) =>
      h &&
      ops.push({ kind: "text", x: [56, 130, 440, right - 6][i]!, y: top, size: 9, text: h, bold: true, align: i >= 2 ? "right" : "left" }),
  );
  let balance = truth.kind === "bank_statement" ? rng.int(20000, 500000) / 100 : 0;
  const rows = rng.int(6, 14);
  const days = Array.from({ length: rows }, () => rng.int(1, 34)).sort((a, b) => b - a);
  for (let i = 0; i < rows; i++) {
    const [description, amount] = ROWS[truth.kind](rng);
    const when = addDays(truth.documentDate, -days[i]!);
    const [, m, d] = when.split("-");
    const y = top + 18 + i * 15;
    balance += amount;
    ops.push({ kind: "text", x: 56, y, size: 9, text: `${d} ${MONTHS[Number(m) - 1]!.slice(0, 3)}` });
    ops.push({ kind: "text", x: 130, y, size: 9, text: description });
    ops.push({ kind: "text", x: 440, y, size: 9, text: money(amount), align: "right" });
    if (truth.kind === "bank_statement") ops.push({ kind: "text", x: right - 6, y, size: 9, text: money(balance), align: "right" });
  }
  const y = top + 18 + rows * 15 + 8;
  const label = {
    bank_statement: "Closing balance",
    utility_bill: "Total amount due",
    council_tax_bill: "Total Council Tax payable",
    payslip: "Net pay",
    mobile_phone_bill: "Total to pay",
    credit_card_statement: "Minimum payment",
  }[truth.kind];
  ops.push({ kind: "line", x1: 50, y1: y - 10, x2: right, y2: y - 10, color: [120, 120, 120] });
  ops.push({ kind: "text", x: 130, y: y + 4, size: 10, text: label, bold: true });
  ops.push({ kind: "text", x: 440, y: y + 4, size: 10, text: `£${money(Math.abs(balance))}`, bold: true, align: "right" });
}

/** The document as a born-digital PDF (a text layer in Helvetica). */
export function billPdf(bill: Bill): Buffer {
  return writePdf([bill.page]);
}

let fontsReady = false;
function registerFonts(): void {
  if (fontsReady) return;
  const dir = "/usr/share/fonts/opentype/urw-base35";
  // Nimbus Sans has Helvetica's metrics, so the image and the PDF lay out alike.
  if (
    !GlobalFonts.registerFromPath(`${dir}/NimbusSans-Regular.otf`, "BillSans") ||
    !GlobalFonts.registerFromPath(`${dir}/NimbusSans-Bold.otf`, "BillSansBold")
  ) {
    throw new Error(`Nimbus Sans not found in ${dir}: apt-get install fonts-urw-base35`);
  }
  fontsReady = true;
}

/** The page drawn as a PNG at `dpi` (default 200). */
export function billPng(bill: Bill, dpi = 200): Buffer {
  registerFonts();
  const k = dpi / 72;
  const canvas = createCanvas(Math.round(bill.page.width * k), Math.round(bill.page.height * k));
  const ctx = canvas.getContext("2d");
  const css = (c: Rgb) => `rgb(${c[0]},${c[1]},${c[2]})`;
  ctx.fillStyle = "#ffffff";
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  for (const op of bill.page.ops) {
    if (op.kind === "rect") {
      if (op.fill) {
        ctx.fillStyle = css(op.fill);
        ctx.fillRect(op.x * k, op.y * k, op.width * k, op.height * k);
      }
      if (op.stroke) {
        ctx.strokeStyle = css(op.stroke);
        ctx.lineWidth = (op.lineWidth ?? 0.5) * k;
        ctx.strokeRect(op.x * k, op.y * k, op.width * k, op.height * k);
      }
    } else if (op.kind === "line") {
      ctx.strokeStyle = css(op.color ?? [0, 0, 0]);
      ctx.lineWidth = (op.lineWidth ?? 0.5) * k;
      ctx.beginPath();
      ctx.moveTo(op.x1 * k, op.y1 * k);
      ctx.lineTo(op.x2 * k, op.y2 * k);
      ctx.stroke();
    } else {
      ctx.fillStyle = css(op.color ?? [0, 0, 0]);
      ctx.font = `${op.size * k}px ${op.bold ? "BillSansBold" : "BillSans"}`;
      const x = op.align === "right" ? op.x - helveticaWidth(op.text, op.size, op.bold) : op.x;
      ctx.fillText(op.text, x * k, op.y * k);
    }
  }
  return canvas.toBuffer("image/png");
}

/** A scan: the page printed and scanned (grey, a slight turn, paper tone and noise) in a PDF without text. */
export async function scannedBillPdf(bill: Bill, options: { dpi?: number; seed?: number | string } = {}): Promise<Buffer> {
  const dpi = options.dpi ?? 200;
  const rng = createRng(`scan:${options.seed ?? 0}`);
  const png = billPng(bill, dpi);
  const turned = await sharp(png).grayscale().rotate(rng.float(-0.8, 0.8), { background: "#ffffff" }).linear(0.92, 8).png().toBuffer();
  const meta = await sharp(turned).metadata();
  const jpeg = await sharp(turned)
    .extract({ left: 0, top: 0, width: Math.min(meta.width!, png.readUInt32BE(16)), height: Math.min(meta.height!, png.readUInt32BE(20)) })
    .toColourspace("b-w")
    .jpeg({ quality: rng.int(70, 85) })
    .toBuffer();
  const size = await sharp(jpeg).metadata();
  return writePdf([
    {
      kind: "image",
      width: bill.page.width,
      height: bill.page.height,
      jpeg,
      pixelWidth: size.width!,
      pixelHeight: size.height!,
      channels: 1,
    },
  ]);
}

/** A phone photo of the printed page (portrait frame, as people hold a phone over an A4 sheet). */
export async function billPhoto(bill: Bill, options: { level?: CaptureLevel; seed?: number | string } = {}): Promise<Buffer> {
  const dpi = 200;
  const capture = await phoneCapture(billPng(bill, dpi), {
    level: options.level ?? "phone",
    seed: options.seed ?? 0,
    pxPerMm: dpi / 25.4,
    frame: { width: 1800, height: 2400 },
  });
  return capture.image;
}

import { loadImage, type Image } from "@napi-rs/canvas";
import { sampleFaces } from "../faces";
import { ID_CARD_STATES, issuingState } from "./countries";
import { drawPassportPage, drawTd1Back, drawTd1Front, drawTd2Front, type DrawnPage, type LayoutInput } from "./id-layouts";
import { composeMrz, type MrzFormat, type MrzTamper, type MrzTampering, type MrzTruth } from "./mrz-text";
import type { MrzFont } from "./mrz-draw";
import { PALETTES, type Rect } from "./page-art";
import { GENERATOR_TODAY, randomPerson, type Person, type PersonOptions } from "./people";
import { createRng } from "./random";
import { vizText, type VizText } from "./viz-text";

/*
 * A passport data page (TD3) or an identity card (TD1 front + back, TD2 front) with its known
 * truth: the MRZ text, the person, what the VIZ prints and whose face is on it.
 */
export type IdDocumentKind = "passport" | "national_id";

export interface IdDocumentOptions {
  seed: number | string;
  kind?: IdDocumentKind;
  /** Default: TD3 for passports; TD1 (70 %) or TD2 for identity cards. */
  format?: MrzFormat;
  /** Use this person instead of a random one (e.g. a claim the test controls). */
  person?: Person;
  personOptions?: PersonOptions;
  /** Index into sampleFaces() (0–21); default from the seed. */
  faceIndex?: number;
  font?: MrzFont;
  /** Ink spread in page pixels (a stroke around each MRZ glyph); default 0. */
  inkSpread?: number;
  tamper?: MrzTamper;
  /** Pixels per millimetre; default 10 (TD3, TD2) or 12 (TD1, as a card scan ≈ 1027×648). */
  pxPerMm?: number;
  /** Print the small grey second portrait security pages carry; default true. */
  ghostImage?: boolean;
}

export interface IdDocumentTruth {
  kind: IdDocumentKind;
  format: MrzFormat;
  /** The MRZ as printed (after any tampering). */
  mrzLines: string[];
  mrz: MrzTruth;
  tampered?: MrzTampering;
  person: Person;
  viz: VizText;
  /** Which sample face is on the page, and that person's id in tests/support/faces.ts. */
  faceIndex: number;
  facePerson: string;
  /** Expired relative to GENERATOR_TODAY. */
  expired: boolean;
  font: MrzFont;
  inkSpread: number;
  pxPerMm: number;
  /** Which image carries the MRZ, and where (page pixels, one box per line: cells × cap height). */
  mrzSide: "front" | "back";
  mrzLineBoxes: Rect[];
  /** The main portrait's box on the front, page pixels. */
  portraitBox: Rect | null;
  width: number;
  height: number;
}

export interface IdDocument {
  /** PNG of the front (the passport data page). */
  image: Buffer;
  /** PNG of the back (TD1 only). */
  back?: Buffer;
  truth: IdDocumentTruth;
}

export const SAMPLE_FACE_COUNT = 22;

let faces: Promise<{ person: string; image: Image }[]> | undefined;
/** The sample faces decoded once per process. */
export function documentFaces(): Promise<{ person: string; image: Image }[]> {
  faces ??= sampleFaces().then((all) => Promise.all(all.map(async (f) => ({ person: f.person, image: await loadImage(f.image) }))));
  return faces;
}

export async function generateIdDocument(options: IdDocumentOptions): Promise<IdDocument> {
  const rng = createRng(`id-document:${options.seed}`);
  const kind = options.kind ?? "passport";
  const format: MrzFormat = options.format ?? (kind === "passport" ? "TD3" : rng.chance(0.7) ? "TD1" : "TD2");
  const personRng = rng.fork("person");
  const person =
    options.person ??
    randomPerson(personRng, {
      ...(kind === "national_id" && !options.personOptions?.issuingState ? { issuingState: personRng.pick(ID_CARD_STATES) } : {}),
      ...options.personOptions,
    });
  const cardCode = rng.pick(["I<", "ID", "IR"]);
  // Two lines of 36 starting "IDFRA" are France's own national-ID layout (not TD2): every MRZ
  // reader parses them so, and no TD2 card is issued that way. Such a card is coded "I<" here.
  const documentCode =
    kind === "passport" ? "P<" : format === "TD2" && person.issuingState === "FRA" && cardCode === "ID" ? "I<" : cardCode;
  const mrz = composeMrz(person, format, { documentCode, ...(options.tamper ? { tamper: options.tamper } : {}) });
  const faceList = await documentFaces();
  const faceIndex = (options.faceIndex ?? rng.int(0, faceList.length - 1)) % faceList.length;
  const face = faceList[faceIndex];
  if (!face) throw new Error(`no sample face ${faceIndex}`);
  const font = options.font ?? "OCRB";
  const inkSpread = options.inkSpread ?? 0;
  const mm = options.pxPerMm ?? (format === "TD1" ? 12 : 10);
  const viz = vizText(person);
  const input: LayoutInput = {
    viz,
    mrzLines: mrz.lines,
    portrait: face.image,
    palette: rng.pick(PALETTES),
    rng: rng.fork("art"),
    mm,
    font,
    inkSpread,
    typeCode: documentCode.replace(/<$/, ""),
    issuingCode: person.issuingState,
    ghostImage: options.ghostImage ?? true,
  };

  let front: DrawnPage;
  let back: DrawnPage | undefined;
  if (format === "TD3") front = drawPassportPage(input);
  else if (format === "TD2") front = drawTd2Front(input);
  else {
    front = drawTd1Front(input);
    back = drawTd1Back({ ...input, rng: rng.fork("back") });
  }
  const mrzPage = back ?? front;
  const truth: IdDocumentTruth = {
    kind,
    format,
    mrzLines: mrz.lines,
    mrz: mrz.truth,
    ...(mrz.tampered ? { tampered: mrz.tampered } : {}),
    person,
    viz,
    faceIndex,
    facePerson: face.person,
    expired: person.dateOfExpiry < GENERATOR_TODAY,
    font,
    inkSpread,
    pxPerMm: mm,
    mrzSide: back ? "back" : "front",
    mrzLineBoxes: mrzPage.mrzLineBoxes,
    portraitBox: front.portraitBox,
    width: front.canvas.width,
    height: front.canvas.height,
  };
  issuingState(person.issuingState);
  const image = await front.canvas.encode("png");
  return back ? { image, back: await back.canvas.encode("png"), truth } : { image, truth };
}

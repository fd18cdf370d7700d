import { compareNames } from "./compare-identity";
import { findDocumentFace, findDocumentFaceUpright, type DocumentFace } from "./document-face";
import { readDrivingLicence } from "./driving-licence/read-driving-licence";
import { faceMatchValidation } from "./face-match";
import { describeSelfie } from "./embed-selfie";
import { mrzValidations } from "./mrz-validations";
import { mrzExpectation, readMrz, type MrzRead } from "./mrz/read-mrz";
import { recognizeText } from "./ocr/learned-ocr";
import { compareVisualZone } from "./viz/compare-viz";
import { retake, type Retake } from "./retake";
import type { DocumentIdentity, IdentityClaim, PhotoIdKind } from "./types";
import { check, failed, notPerformed, outcomeOf, pass, type Validation, type Validations } from "./validation";

/*
 * One photo ID read in the calling thread: the document's text (MRZ through the two readers and
 * the gate, or the driving licence's printed fields checked against its number), its portrait,
 * and every validation in the wire shape. Called by the worker pool (read-photo-id.ts); the same
 * function answers the direct API and the hosted flow.
 */

export interface ReadPhotoIdInput {
  kind: PhotoIdKind;
  front: Buffer;
  back?: Buffer | null;
  faceScan?: Buffer | null;
  claim?: IdentityClaim | null;
  now?: Date;
}

export interface PhotoIdResult {
  outcome: "pass" | "fail";
  evidenceType: PhotoIdKind;
  extractedDetails: Record<string, string | null>;
  validations: Validations;
  retake: Retake | null;
  documentFace: { embedding: number[]; crop: Buffer } | null;
  identity: DocumentIdentity | null;
  /** How the text was accepted (for reviewers): "readers_agree", "template_confident", … */
  readBy: string | null;
  /** True when the accepted text differs from the first reader's: disputed cells settled by further readings (accept-mrz.ts). */
  corrected: boolean;
  /**
   * MRZ lines read with certainty but refused (a visa; an MRZ whose check digits do not add up, as
   * two readers read it), for reviewers: never an identity. Null otherwise.
   */
  mrzReading?: { lines: string[]; reason: string } | null;
}

export async function readPhotoIdHere(input: ReadPhotoIdInput): Promise<PhotoIdResult> {
  const now = input.now ?? new Date();
  const facePromise = findDocumentFace(input.front).catch(() => null);
  const text = input.kind === "driving_licence" ? await readLicenceText(input.front, now) : await readMrzText(input, now);
  const documentFace = await portraitUpright(input.front, await facePromise, text.frontTurns ?? 0);
  const validations: Validations = { ...text.validations };
  validations.document_contains_face = documentFace ? pass() : failed(["NO_FACE_ON_DOCUMENT"]);

  const identity = text.identity;
  if (identity && input.claim) Object.assign(validations, claimValidations(identity, input.claim, text.truncatedName));
  if (input.faceScan) {
    const selfie = await describeSelfie(input.faceScan);
    validations.face_match = !documentFace
      ? notPerformed("No face was found on the document")
      : !selfie.ok
        ? notPerformed(selfie.message)
        : faceMatchValidation(documentFace.embedding, selfie.embedding);
  }
  const unreadable = text.retake ?? (documentFace ? null : retake("no_face"));
  return {
    outcome: text.retake ? "fail" : outcomeOf(validations),
    evidenceType: input.kind,
    extractedDetails: text.extracted,
    validations,
    retake: unreadable,
    documentFace: documentFace && { embedding: documentFace.embedding, crop: documentFace.crop },
    identity,
    readBy: text.readBy,
    corrected: text.corrected,
    mrzReading: text.mrzReading ?? null,
  };
}

interface TextReading {
  identity: DocumentIdentity | null;
  extracted: Record<string, string | null>;
  validations: Validations;
  retake: Retake | null;
  truncatedName: boolean;
  readBy: string | null;
  corrected: boolean;
  mrzReading?: { lines: string[]; reason: string } | null;
  /** Quarter turns clockwise that bring the front upright, as its MRZ was read there (read-mrz.ts quarterTurns); 0 when not known. */
  frontTurns?: number;
}

/**
 * The portrait of a page whose MRZ was read turned (a quarter or a half turn): it lies the same way
 * as the MRZ, so it is looked for on the page turned upright, not taken from a weak detection of a
 * sideways face (document-face.ts keeps the upload's face when it finds one at all, and a face on
 * its side can raise one: the third set's Lithuanian card turned a quarter). The face found as
 * sent stands when none is found upright.
 */
async function portraitUpright(front: Buffer, asSent: DocumentFace | null, quarterTurns: number): Promise<DocumentFace | null> {
  if (quarterTurns === 0) return asSent;
  return (await findDocumentFaceUpright(front, quarterTurns).catch(() => null)) ?? asSent;
}

async function readMrzText(input: ReadPhotoIdInput, now: Date): Promise<TextReading> {
  const passport = input.kind === "passport";
  // A TD1 card carries its MRZ on the back, a TD2 card on the front.
  const sides = passport ? [input.front] : [input.back, input.front].filter((s): s is Buffer => !!s);
  let read: Awaited<ReturnType<typeof readMrz>> | null = null;
  let readSide: Buffer | null = null;
  for (const side of sides) {
    readSide = side;
    // The printed zone is on the passport's data page and on a card's front: the page lines are kept when this side is it.
    read = await readMrz(side, mrzExpectation(passport ? "passport" : "national_id"), now, {
      withPageLines: side === input.front,
    });
    if (read.ok) break;
  }
  if (!read || !read.ok) {
    const reason = read?.reason ?? "no_mrz";
    return {
      identity: null,
      extracted: emptyExtracted(input.kind),
      validations: mrzValidations(null, input.kind, now),
      retake: retake(reason),
      truncatedName: false,
      readBy: null,
      corrected: false,
      mrzReading: read?.readLines ? { lines: read.readLines, reason } : null,
    };
  }
  const { decision } = read;
  const identity = decision.parsed.identity;
  const nameZone = decision.parsed.format === "TD1" ? decision.lines[2]! : decision.lines[0]!;
  return {
    identity,
    extracted: {
      first_name: identity.firstName,
      last_name: identity.lastName,
      document_number: identity.documentNumber,
      date_of_birth: identity.dateOfBirth,
      expiration_date: identity.expirationDate,
      ...(passport ? { date_of_issue: null } : {}),
      issuing_country: alpha3(identity.issuingCountry),
      nationality: alpha3(identity.nationality),
      sex: identity.sex,
      icao_format: decision.parsed.format,
      mrz_code: decision.lines.join("\n"),
    },
    validations: {
      ...mrzValidations(decision, input.kind, now),
      // The zone may have been cut unless it ends in two fillers (issuers that cut a name leave at most one).
      compound_identifiers_match: await printedZoneCheck(input, read, identity, !nameZone.endsWith("<<")),
    },
    retake: null,
    truncatedName: !nameZone.endsWith("<"),
    readBy: decision.by,
    corrected: decision.corrected,
    frontTurns: readSide === input.front ? read.quarterTurns : 0,
  };
}

/**
 * compound_identifiers_match: the printed zone, read by the learned OCR, against the MRZ. The MRZ
 * page's own lines serve when it is the printed zone's page (a passport, a TD2 or French card's
 * front); a TD1 card read from its back has its front read for it.
 */
async function printedZoneCheck(
  input: ReadPhotoIdInput,
  read: Extract<MrzRead, { ok: true }>,
  identity: DocumentIdentity,
  nameMayBeCut: boolean,
): Promise<Validation> {
  let lines = read.pageLines ?? null;
  if (!lines && read.upsideDown) return notPerformed("The printed zone is not read on a page photographed upside down");
  if (!lines && input.back && input.front) lines = await recognizeText(input.front).catch(() => null);
  if (!lines) return notPerformed("The printed (visual) zone could not be read; the MRZ's composite check digit is checked");
  return compareVisualZone(lines, identity, { nameMayBeCut });
}

async function readLicenceText(front: Buffer, now: Date): Promise<TextReading> {
  const reading = await readDrivingLicence(front, { now });
  return {
    identity: reading.certain ? reading.identity : null,
    extracted: { ...reading.extracted },
    validations: reading.validations,
    retake: reading.certain ? null : (reading.retake ?? retake("unreadable")),
    truncatedName: false,
    readBy: reading.certain ? "licence_number_agrees" : null,
    corrected: false,
  };
}

function claimValidations(identity: DocumentIdentity, claim: IdentityClaim, truncated: boolean): Validations {
  const out: Validations = {};
  if (claim.firstName || claim.lastName) {
    const names = compareNames(identity, claim, { truncated });
    out.names_consistent = names.consistent ? pass() : failed(["NAME_MISMATCH"], { metadata: { mismatches: names.mismatches } });
  }
  if (claim.dateOfBirth) {
    out.dates_of_birth_consistent = !identity.dateOfBirth
      ? notPerformed("The date of birth could not be read")
      : check(identity.dateOfBirth === claim.dateOfBirth, ["DATE_OF_BIRTH_MISMATCH"]);
  }
  return out;
}

/** MRZ codes are alpha-3 but for Germany's "D" (ICAO 9303 part 3). */
function alpha3(code: string | null): string | null {
  if (!code) return null;
  const trimmed = code.replace(/</g, "");
  return trimmed === "D" ? "DEU" : trimmed;
}

function emptyExtracted(kind: PhotoIdKind): Record<string, string | null> {
  const base = {
    first_name: null,
    last_name: null,
    document_number: null,
    date_of_birth: null,
    expiration_date: null,
    issuing_country: null,
    icao_format: null,
    mrz_code: null,
  };
  return kind === "passport" ? { ...base, date_of_issue: null } : base;
}

// Shared types of the document engine (issue 11). Every reader and locator speaks these, so the
// pieces (locator, two MRZ readers, driving licence, supporting documents) are built and tested
// apart and joined by the orchestrator (read-photo-id.ts). No module here imports sharp at type
// level: images travel as plain 8-bit grey pixels so they cross worker threads cheaply.

/** 8-bit luminance, row-major, one byte per pixel (0 = black). */
export interface GrayImage {
  width: number;
  height: number;
  data: Uint8Array;
}

/**
 * MRZ layouts: ICAO 9303's TD1/TD2/TD3, its machine-readable visas MRV-A (2 × 44) and MRV-B (2 × 36),
 * and the French national ID card's own 2 × 36 layout (cards issued 1994–2021). The locator finds
 * shapes (a visa looks like a TD3 or TD2 band); which layout a band holds is told by its text.
 */
export type MrzFormat = "TD1" | "TD2" | "TD3" | "MRVA" | "MRVB" | "FRENCH_ID";

/** ICAO 9303: lines × characters per line. */
export const MRZ_SHAPES: Record<MrzFormat, { lines: number; chars: number }> = {
  TD1: { lines: 3, chars: 30 },
  TD2: { lines: 2, chars: 36 },
  TD3: { lines: 2, chars: 44 },
  MRVA: { lines: 2, chars: 44 },
  MRVB: { lines: 2, chars: 36 },
  FRENCH_ID: { lines: 2, chars: 36 },
};

/** The 37 glyphs an MRZ may hold. */
export const MRZ_ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ<";

/**
 * Cap height, in pixels, of the glyphs in a straightened MRZ line image: the locator resamples
 * every line to it, so both readers see one scale whatever the photo's resolution.
 */
export const MRZ_LINE_CAP_HEIGHT = 32;

/**
 * One MRZ line cut out of the photo and straightened: text runs left to right, horizontal and
 * upright, glyph cap height MRZ_LINE_CAP_HEIGHT, dark text on light ground, with a margin of at
 * least half a cap height on every side.
 */
export interface MrzLineImage extends GrayImage {
  /** Characters the line should hold (30, 36 or 44). */
  chars: number;
  /** Located x of the left edge of the first character cell, and the cell pitch, in this image's px. */
  cellLeft: number;
  cellPitch: number;
  /** y of the glyphs' baseline (bottom of a capital) in this image's px. */
  baseline: number;
}

/** Why no MRZ could be cut out: each maps to a hint the person can act on. */
export type MrzLocateFailure =
  | "no_mrz" // nothing like the two or three lines of a machine-readable zone
  | "cut_off" // lines found but they run past the edge of the photo
  | "too_small" // found, but the characters are too small to read (move closer)
  | "blurred" // found, but too blurred to read
  | "glare"; // found, but part of it is washed out by light

export interface LocatedMrz {
  format: MrzFormat;
  lines: MrzLineImage[];
  /** Degrees the photo was turned (anticlockwise) to make the lines horizontal. */
  angle: number;
  /** The band's bounding box in the input image's px. */
  box: { x: number; y: number; width: number; height: number };
  /** Cap height of the characters in the input image, px. */
  capHeight: number;
  /** 0–1, higher is sharper: measured on the band (for "the bottom lines are blurred"). */
  sharpness: number;
  /** 0–1 share of the band's pixels that are saturated white (for "glare on the photo"). */
  glare: number;
}

export type LocateMrzResult = { found: true; mrz: LocatedMrz } | { found: false; reason: MrzLocateFailure };

/** What one MRZ reader read. */
export interface MrzReading {
  reader: "template" | "tesseract" | "cells" | "learned";
  /** One string per line, exactly `chars` long, alphabet MRZ_ALPHABET (unknown cells read as best guess). */
  lines: string[];
  /**
   * Per line, per character: how sure the reader is of that character, 0–1. For the template
   * reader: the margin between the best and second-best glyph's correlation (the lab's gate: every
   * margin ≥ 0.02). For tesseract: its symbol confidence / 100.
   */
  confidence: number[][];
}

/** The kinds of photo ID the engine reads; wire names of `evidence_type` (real-api.md). */
export type PhotoIdKind = "passport" | "national_id" | "driving_licence";

/** A person's identity as printed or encoded on a document (dates YYYY-MM-DD). */
export interface DocumentIdentity {
  firstName: string | null;
  lastName: string | null;
  dateOfBirth: string | null;
  sex: "M" | "F" | "X" | null;
  nationality: string | null; // ISO 3166 alpha-3 (MRZ codes as printed: GBR, D, …)
  documentNumber: string | null;
  expirationDate: string | null;
  dateOfIssue: string | null;
  issuingCountry: string | null; // alpha-3
}

/** A claim to compare a document with (from the case or the API caller). */
export interface IdentityClaim {
  firstName?: string | null;
  lastName?: string | null;
  dateOfBirth?: string | null;
  address?: {
    residenceNumber?: string | null;
    buildingName?: string | null;
    street?: string | null;
    city?: string | null;
    postcode?: string | null;
  } | null;
}

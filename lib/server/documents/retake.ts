import type { RetakeReason } from "./mrz/read-mrz";

/** Why a capture must be taken again, and what to tell the person (the hosted flow translates by reason). */
export interface Retake {
  reason: RetakeReason | "no_document" | "no_face" | "wrong_side";
  message: string;
}

const MESSAGES: Record<Retake["reason"], string> = {
  no_mrz: "We could not find the lines of letters and chevrons at the bottom of the document. Fit the whole page in the frame.",
  no_document: "We could not find the document in the photo. Fit the whole document in the frame.",
  cut_off: "Part of the document is cut off. Fit the whole document in the frame.",
  too_small: "The document is too far away. Move closer so it fills the frame.",
  blurred: "The bottom lines are blurred. Hold the phone still and let it focus.",
  glare: "There is glare on the photo. Tilt the document away from the light.",
  unreadable: "We could not read the document with certainty. Take another photo in even light.",
  wrong_type: "This looks like a different kind of document from the one you chose.",
  visa: "This is a visa, which is not accepted as a photo ID. Take a photo of your passport's photo page or of your ID card.",
  mrz_invalid:
    "We read the lines at the bottom of the document, but they do not add up. Take another photo; if this happens again, this document cannot be checked here.",
  wrong_side: "This is the other side of the document. Turn it over.",
  no_face: "We could not find the photo of your face on the document. Take another photo of the whole document.",
};

export function retake(reason: Retake["reason"]): Retake {
  return { reason, message: MESSAGES[reason] };
}

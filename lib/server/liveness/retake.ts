/** Why a selfie should be taken again, with the sentence shown to the person (English; the page translates by reason). */
export type SelfieRetakeReason = "no_face" | "several_faces" | "too_dark" | "challenge_not_followed" | "moved_away";

export interface SelfieRetake {
  reason: SelfieRetakeReason;
  message: string;
}

const MESSAGES: Record<SelfieRetakeReason, string> = {
  no_face: "We could not see your face. Hold the phone at eye level with your face inside the oval.",
  several_faces: "Only you should be in the picture. Make sure nobody else is in view.",
  too_dark: "The picture is too dark. Move somewhere brighter, with the light in front of you.",
  challenge_not_followed: "We could not see you follow the instructions. Try again and follow each prompt while it is shown.",
  moved_away: "Your face left the frame. Keep your face inside the oval for the whole challenge.",
};

export function selfieRetake(reason: SelfieRetakeReason): SelfieRetake {
  return { reason, message: MESSAGES[reason] };
}

import "server-only";

export {
  createChallenge,
  SELFIE_FRAME_INTERVAL_MS,
  SELFIE_LEAD_IN_MS,
  SELFIE_MAX_FRAMES,
  SELFIE_STEP_MS,
  type ChallengeStep,
} from "./challenge";
export { FACE_MATCH_PASS, FACE_MATCH_REVIEW, judgeSelfie, SAME_PERSON_MIN, type SelfieFrame, type SelfieJudgement } from "./judge-selfie";
export type { SelfieRetake, SelfieRetakeReason } from "./retake";

/** The steps a team's workflow may run, in the order a case runs them, with what each asks of the person. */
export const STEP_LABELS = [
  ["photo_id", "Photo ID", "Passport, ID card or driving licence, read and checked"],
  ["video_selfie", "Selfie", "A live selfie matched to the document's face"],
  ["address_evidence", "Proof of address", "A recent bill or statement"],
  ["vouch", "Vouch", "Someone who knows the person confirms who they are"],
  ["professional_vouch", "Professional vouch", "A professional (solicitor, teacher…) confirms who they are"],
] as const;

// The console's view of a vouch (issue 13): lib/server/vouch/list-case-vouches gives these, components/console/case-vouches shows them.

/** One vouch as the case page shows it: this case's referee, or the person this referee vouches for. */
export interface CaseVouchView {
  id: string;
  role: "referee" | "vouching_for";
  verificationId: string;
  refereeVerificationId: string;
  kind: string;
  refereeName: string;
  refereeEmail: string;
  relationship: string;
  knownYears: string;
  profession: string | null;
  status: string;
  answers: Record<string, string> | null;
  reason: string | null;
  createdAt: string;
}

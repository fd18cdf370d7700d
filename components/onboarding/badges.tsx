import type { RiskRecommendation } from "@/lib/contract";
import {
  APPLICANT_STATE_LABEL,
  APPLICANT_STATE_TONE,
  APPLICANT_STATES,
  TONE_CLASS,
  type ApplicantState,
  type Tone,
} from "@/lib/onboarding/states";

export function Badge({ tone, children, testId }: { tone: Tone; children: React.ReactNode; testId?: string }) {
  return (
    <span
      data-testid={testId}
      className={`inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-sm font-medium ring-1 ring-inset ${TONE_CLASS[tone]}`}
    >
      {children}
    </span>
  );
}

export function StateBadge({ state }: { state: string }) {
  const known = (APPLICANT_STATES as readonly string[]).includes(state) ? (state as ApplicantState) : null;
  return (
    <Badge tone={known ? APPLICANT_STATE_TONE[known] : "neutral"} testId="applicant-state">
      {known ? APPLICANT_STATE_LABEL[known] : state}
    </Badge>
  );
}

const RECOMMENDATION_TONE: Record<RiskRecommendation, Tone> = { CLEAR: "good", REVIEW: "warn", REJECT: "bad" };

export function RecommendationBadge({ recommendation, score }: { recommendation: RiskRecommendation; score: number }) {
  return (
    <Badge tone={RECOMMENDATION_TONE[recommendation]}>
      {recommendation} · {score}
    </Badge>
  );
}

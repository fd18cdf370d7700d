"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { SelfieChallenge, type ChallengeStep } from "@/components/hosted/capture/selfie-challenge";
import { card } from "@/components/hosted/styles";
import type { HandoffView } from "../actions";
import { HandoffBox } from "./handoff-box";
import { noticeUrl } from "./notice-url";

export interface SelfieStepProps {
  token: string;
  teamName: string;
  challenge: { id: string; steps: ChallengeStep[] };
  timing: { stepMs: number; frameIntervalMs: number; maxFrames: number; leadInMs: number };
  startHandoff: () => Promise<HandoffView | null>;
}

/** The server's challenge, recorded here and judged there; a retake gets a new challenge (the page is refreshed). */
export function SelfieStep({ token, teamName, challenge, timing, startHandoff }: SelfieStepProps) {
  const t = useTranslations();
  const router = useRouter();
  const [noCamera, setNoCamera] = useState(false);
  return (
    <section aria-labelledby="selfie-step-title" className={`${card} space-y-4`} data-challenge={challenge.steps.join(",")}>
      {/* The challenge's own visible heading names this region (one region, one name). */}
      <SelfieChallenge
        challenge={challenge.steps}
        stepMs={timing.stepMs}
        frameIntervalMs={timing.frameIntervalMs}
        maxFrames={timing.maxFrames}
        leadInMs={timing.leadInMs}
        uploadUrl={`/verify/${token}/selfie`}
        extraFields={{ challengeId: challenge.id }}
        teamName={teamName}
        headingId="selfie-step-title"
        onNext={() => router.refresh()}
        onRetake={() => router.refresh()}
        onFatal={(e) => router.replace(noticeUrl(token, e.code))}
        onNoCamera={() => setNoCamera(true)}
      />
      <HandoffBox token={token} start={startHandoff} open={noCamera} note={noCamera ? t("hostedPages.selfieNeedsCamera") : null} />
    </section>
  );
}

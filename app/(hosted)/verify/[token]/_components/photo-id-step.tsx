"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { DEFAULT_SIDES, DocumentCamera } from "@/components/hosted/capture/document-camera";
import { UploadWithProgress } from "@/components/hosted/capture/upload-with-progress";
import { DocumentTypeChooser } from "@/components/hosted/steps/document-type-chooser";
import { card, heading, primaryButton } from "@/components/hosted/styles";
import type { HandoffView } from "../actions";
import { HandoffBox } from "./handoff-box";

type DocumentKind = "passport" | "national_id" | "driving_licence";

export interface PhotoIdStepProps {
  token: string;
  teamName: string;
  initialKind: DocumentKind | null;
  startHandoff: () => Promise<HandoffView | null>;
}

/** Choose the document, photograph (or upload) each side, send: the server reads it and asks for a retake when it cannot. */
export function PhotoIdStep({ token, teamName, initialKind, startHandoff }: PhotoIdStepProps) {
  const t = useTranslations("hosted");
  const router = useRouter();
  const [kind, setKind] = useState<DocumentKind | null>(initialKind);
  const [chosen, setChosen] = useState<DocumentKind | null>(null);
  const [noCamera, setNoCamera] = useState(false);
  return (
    <section aria-labelledby="photo-id-title" className={`${card} space-y-4`}>
      <h2 id="photo-id-title" className={heading}>
        {t("steps.photo_id")}
      </h2>
      {!chosen ? (
        <form
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            if (kind) setChosen(kind);
          }}
        >
          <DocumentTypeChooser value={kind} onChange={setKind} />
          <button type="submit" className={`${primaryButton} w-full sm:w-auto`} disabled={!kind}>
            {t("common.continue")}
          </button>
        </form>
      ) : (
        <DocumentCamera
          key={chosen}
          documentType={chosen}
          sides={DEFAULT_SIDES[chosen]}
          onNoCamera={() => setNoCamera(true)}
          onSwitchToPhone={() => setNoCamera(true)}
          renderSubmit={(images) => (
            <UploadWithProgress
              url={`/verify/${token}/photo-id`}
              retakeContext="document"
              teamName={teamName}
              body={() => {
                const form = new FormData();
                form.set("kind", chosen);
                if (images.front) form.set("front", images.front.blob, "front.jpg");
                if (images.back) form.set("back", images.back.blob, "back.jpg");
                return form;
              }}
              onNext={() => router.refresh()}
              onFatal={() => router.refresh()}
            />
          )}
        />
      )}
      <HandoffBox start={startHandoff} open={noCamera} />
    </section>
  );
}

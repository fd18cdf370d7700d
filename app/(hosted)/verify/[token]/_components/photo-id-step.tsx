"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { DEFAULT_SIDES, DocumentCamera, type CapturedImages } from "@/components/hosted/capture/document-camera";
import { clearPhotos, loadPhotos, savePhotos, type StoredPhotos } from "@/components/hosted/capture/photo-store";
import { UploadWithProgress } from "@/components/hosted/capture/upload-with-progress";
import { DocumentTypeChooser } from "@/components/hosted/steps/document-type-chooser";
import { card, heading, primaryButton } from "@/components/hosted/styles";
import type { HandoffView } from "../actions";
import { HandoffBox } from "./handoff-box";
import { noticeUrl } from "./notice-url";

type DocumentKind = "passport" | "national_id" | "driving_licence";

export interface PhotoIdStepProps {
  token: string;
  teamName: string;
  initialKind: DocumentKind | null;
  startHandoff: () => Promise<HandoffView | null>;
}

function restore(stored: StoredPhotos): CapturedImages {
  const images: CapturedImages = {};
  for (const side of ["front", "back"] as const) {
    const kept = stored.images[side];
    if (kept) images[side] = { side, blob: kept.blob, url: URL.createObjectURL(kept.blob), hints: kept.hints, source: kept.source };
  }
  return images;
}

/**
 * Choose the document, photograph (or upload) each side, send: the server reads it and asks for a
 * retake when it cannot. Photos taken are kept in this browser until sent (photo-store.ts), so a
 * reload comes back to them.
 */
export function PhotoIdStep({ token, teamName, initialKind, startHandoff }: PhotoIdStepProps) {
  const t = useTranslations("hosted");
  const router = useRouter();
  const [kind, setKind] = useState<DocumentKind | null>(initialKind);
  const [chosen, setChosen] = useState<DocumentKind | null>(null);
  const [kept, setKept] = useState<CapturedImages | undefined>(undefined);
  const [restoring, setRestoring] = useState(true);
  const [noCamera, setNoCamera] = useState(false);
  const storeKey = `photo-id:${token}`;

  useEffect(() => {
    let live = true;
    void loadPhotos(storeKey).then((stored) => {
      if (!live) return;
      if (stored && Object.keys(stored.images).length) {
        setKind(stored.kind);
        setKept(restore(stored));
        setChosen(stored.kind);
      }
      setRestoring(false);
    });
    return () => {
      live = false;
    };
  }, [storeKey]);

  const leave = (url: string) => {
    void clearPhotos(storeKey);
    router.replace(url);
    router.refresh();
  };

  return (
    <section aria-labelledby="photo-id-title" className={`${card} space-y-4`}>
      <h2 id="photo-id-title" className={heading}>
        {t("steps.photo_id")}
      </h2>
      {restoring ? (
        <p role="status" className="text-slate-700">
          {t("camera.starting")}
        </p>
      ) : !chosen ? (
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
          initialImages={kept}
          onNoCamera={() => setNoCamera(true)}
          onSwitchToPhone={() => setNoCamera(true)}
          onCaptured={(images) => {
            const stored: StoredPhotos["images"] = {};
            for (const side of ["front", "back"] as const) {
              const image = images[side];
              if (image) stored[side] = { blob: image.blob, hints: image.hints, source: image.source };
            }
            void savePhotos(storeKey, { kind: chosen, images: stored });
          }}
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
              onNext={() => leave(`/verify/${token}`)}
              onFatal={(e) => leave(noticeUrl(token, e.code))}
            />
          )}
        />
      )}
      <HandoffBox token={token} start={startHandoff} open={noCamera} />
    </section>
  );
}

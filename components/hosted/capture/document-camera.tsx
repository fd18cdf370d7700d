"use client";

import { useTranslations } from "next-intl";
import { useFocusOnChange } from "./use-focus-on-change";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { adviceBox, errorBox, heading, primaryButton, secondaryButton } from "../styles";
import type { NoCameraReason } from "./camera-support";
import { canvasToJpeg, drawScaled, greyCopy } from "./canvas";
import { DocumentGuide, guideRect, type DocumentKind } from "./document-guide";
import { FilePicker } from "./file-picker";
import { AUTO_CAPTURE, autoCaptureStep, frameDifference, type LiveAdvice } from "./auto-capture";
import { assessQuality, type GreyImage, type QualityHint } from "./quality";
import { useCamera } from "./use-camera";

export type DocumentSide = "front" | "back";
export type { DocumentKind };

export interface CapturedImage {
  side: DocumentSide;
  /** JPEG, long side ≤ 2000 px */
  blob: Blob;
  /** An object URL of `blob` for previews (revoked when the component unmounts). */
  url: string;
  hints: QualityHint[];
  source: "camera" | "file";
}

export type CapturedImages = Partial<Record<DocumentSide, CapturedImage>>;

export const DEFAULT_SIDES: Record<DocumentKind, DocumentSide[]> = {
  passport: ["front"],
  national_id: ["front", "back"],
  driving_licence: ["front", "back"],
};

const MAX_SIDE = 2000;
const JPEG_QUALITY = 0.9;
const UPLOAD_GUIDE = { x: 0.04, y: 0.04, width: 0.92, height: 0.92 };

export interface DocumentCameraProps {
  documentType: DocumentKind;
  /** Sides to capture, in order (default: passport the photo page; ID card and licence front and back). */
  sides?: DocumentSide[];
  /** Images kept from before (e.g. after the server asked for a retake): the summary shows them. */
  initialImages?: CapturedImages;
  /** The camera cannot be used (denied, none, in-app browser, frame…): offer the phone (QR) route. */
  onNoCamera: (reason: NoCameraReason) => void;
  /** Called whenever the accepted set changes (all sides, or null while incomplete). */
  onImagesChange?: (images: CapturedImages | null) => void;
  /** Rendered under the summary once every side is accepted, e.g. <UploadWithProgress>. */
  renderSubmit?: (images: CapturedImages) => ReactNode;
  /** Quality hints block "Use this photo" until this many retakes of a side; then they are advice only. */
  retakesBeforeAdvisory?: number;
  /** Shows "Use your phone instead" (the page's handoff). */
  onSwitchToPhone?: () => void;
  /** Called whenever a photo is taken, uploaded or replaced (every side held, accepted or not). */
  onCaptured?: (images: CapturedImages) => void;
}

// Each capture is reviewed once: a side's own "Check your photo", or, for the last side, the summary
// of every photo (one photo: the summary is its review).
type Phase =
  { kind: "live"; side: DocumentSide } | { kind: "review"; side: DocumentSide } | { kind: "summary"; latest: DocumentSide | null };

/** Photo ID capture: live camera with a frame guide, review with quality advice, file fallback, front then back. */
export function DocumentCamera({
  documentType,
  sides: sidesProp,
  initialImages,
  onNoCamera,
  onImagesChange,
  renderSubmit,
  retakesBeforeAdvisory = 2,
  onSwitchToPhone,
  onCaptured,
}: DocumentCameraProps) {
  const t = useTranslations("hosted");
  const sides = sidesProp ?? DEFAULT_SIDES[documentType];
  const [images, setImages] = useState<CapturedImages>(() => initialImages ?? {});
  const [accepted, setAccepted] = useState<Set<DocumentSide>>(() => new Set(sides.filter((s) => initialImages?.[s])));
  const [retakes, setRetakes] = useState<Record<DocumentSide, number>>({ front: 0, back: 0 });
  const [phase, setPhase] = useState<Phase>(() => {
    const missing = sides.find((s) => !initialImages?.[s]);
    return missing ? { kind: "live", side: missing } : { kind: "summary", latest: null };
  });
  const [advice, setAdvice] = useState<LiveAdvice | null>(null);
  const [busy, setBusy] = useState(false);
  const [fileError, setFileError] = useState<string | null>(null);
  const [aspect, setAspect] = useState(4 / 3);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const statusId = useId();
  const urls = useRef(new Set<string>());

  const {
    videoRef: cameraVideoRef,
    status: cameraStatus,
    reason: cameraReason,
    retry: cameraRetry,
  } = useCamera({ facing: "environment", active: phase.kind === "live", onNoCamera });
  const guide = guideRect(documentType, aspect);

  useEffect(() => {
    const owned = urls.current;
    return () => owned.forEach((u) => URL.revokeObjectURL(u));
  }, []);

  const report = useRef(onImagesChange);
  useEffect(() => {
    report.current = onImagesChange;
  }, [onImagesChange]);
  useEffect(() => {
    report.current?.(sides.every((s) => accepted.has(s)) ? images : null);
  }, [accepted, images, sides]);
  const captured = useRef(onCaptured);
  useEffect(() => {
    captured.current = onCaptured;
  }, [onCaptured]);
  useEffect(() => {
    if (Object.keys(images).length) captured.current?.(images);
  }, [images]);

  useFocusOnChange(headingRef, phase);

  async function keep(side: DocumentSide, canvas: HTMLCanvasElement, source: CapturedImage["source"], region = guide) {
    const blob = await canvasToJpeg(canvas, JPEG_QUALITY);
    const { hints } = assessQuality(greyCopy(canvas, 480), region);
    const url = URL.createObjectURL(blob);
    urls.current.add(url);
    setImages((prev) => ({ ...prev, [side]: { side, blob, url, hints, source } }));
    // The last side's photo goes straight to the summary, which is its review.
    const others = sides.filter((s) => s !== side);
    const last = others.every((s) => accepted.has(s));
    setAccepted((prev) => {
      const next = new Set([...prev].filter((s) => s !== side));
      if (last) next.add(side);
      return next;
    });
    setPhase(last ? { kind: "summary", latest: side } : { kind: "review", side });
  }

  async function shoot(side: DocumentSide) {
    const video = cameraVideoRef.current;
    if (!video || cameraStatus !== "ready") return;
    setBusy(true);
    try {
      await keep(side, drawScaled(video, MAX_SIDE), "camera");
    } finally {
      setBusy(false);
    }
  }

  async function pickFile(side: DocumentSide, file: File) {
    setFileError(null);
    setBusy(true);
    try {
      const bitmap = await createImageBitmap(file);
      try {
        await keep(side, drawScaled(bitmap, MAX_SIDE), "file", UPLOAD_GUIDE);
      } finally {
        bitmap.close();
      }
    } catch {
      setFileError(t("camera.fileUnreadable"));
    } finally {
      setBusy(false);
    }
  }

  function accept(side: DocumentSide) {
    const now = new Set(accepted).add(side);
    setAccepted(now);
    const missing = sides.find((s) => !now.has(s));
    setPhase(missing ? { kind: "live", side: missing } : { kind: "summary", latest: side });
  }

  function retake(side: DocumentSide) {
    setRetakes((r) => ({ ...r, [side]: r[side] + 1 }));
    setAccepted((prev) => new Set([...prev].filter((s) => s !== side)));
    setPhase({ kind: "live", side });
  }

  // While aiming: blur, glare, darkness and steadiness judged a few times a second; the photo is
  // taken by itself once the view has been steady and sharp for a moment (the button stays).
  const shootRef = useRef(shoot);
  useEffect(() => {
    shootRef.current = shoot;
  });
  const liveSide = phase.kind === "live" ? phase.side : null;
  useEffect(() => {
    if (!liveSide || cameraStatus !== "ready") return;
    const video = cameraVideoRef.current;
    if (!video) return;
    const readyAt = performance.now();
    const big = document.createElement("canvas");
    const small = document.createElement("canvas");
    let previous: GreyImage | null = null;
    let streak = 0;
    let fired = false;
    const timer = setInterval(
      () => {
        if (fired || !video.videoWidth) return;
        const { hints } = assessQuality(greyCopy(video, 480, big), guide);
        const sample = greyCopy(video, 64, small);
        const step = autoCaptureStep(streak, {
          hints,
          difference: previous ? frameDifference(previous, sample) : null,
          liveMs: performance.now() - readyAt,
        });
        previous = sample;
        streak = step.streak;
        setAdvice(step.advice);
        if (step.fire) {
          fired = true;
          void shootRef.current(liveSide);
        }
      },
      Math.round(1000 / AUTO_CAPTURE.streak),
    );
    return () => {
      clearInterval(timer);
      setAdvice(null);
    };
    // guide follows the video's aspect, fixed once the camera runs
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [liveSide, cameraStatus, cameraVideoRef]);

  const sideName = (side: DocumentSide) => (documentType === "passport" ? "page" : side);
  const sideLabel = (side: DocumentSide) =>
    documentType === "passport" ? t("camera.sidePage") : side === "front" ? t("camera.sideFront") : t("camera.sideBack");

  const isBlocking = (side: DocumentSide) => !!images[side] && images[side]!.hints.length > 0 && retakes[side] < retakesBeforeAdvisory;
  const hintBox = (side: DocumentSide) => {
    const image = images[side];
    if (!image || image.hints.length === 0) return null;
    return (
      <div className={adviceBox} data-testid="quality-hints">
        <ul className="list-disc space-y-1 pl-5">
          {image.hints.map((h) => (
            <li key={h}>{t(`hints.${h}`)}</li>
          ))}
        </ul>
        <p className="mt-2 font-medium">{isBlocking(side) ? t("camera.retakeRequired") : t("camera.advisoryNote")}</p>
      </div>
    );
  };

  if (phase.kind === "summary") {
    const single = sides.length === 1;
    const blocked = sides.some(isBlocking);
    return (
      <section aria-labelledby={`${statusId}-h`} className="space-y-4">
        <h2 id={`${statusId}-h`} ref={headingRef} tabIndex={-1} className={`${heading} focus:outline-none`}>
          {single ? t("camera.review") : t("camera.summary")}
        </h2>
        <p className="text-slate-700">{blocked ? t("camera.summaryBlocked") : single ? t("camera.reviewSend") : t("camera.summaryHint")}</p>
        <ul className={`grid grid-cols-1 gap-4 ${single ? "" : "sm:grid-cols-2"}`}>
          {sides.map((side) => {
            const image = images[side];
            return image ? (
              <li key={side} className="space-y-2">
                <p className="text-sm font-semibold text-slate-800">{sideLabel(side)}</p>
                {/* eslint-disable-next-line @next/next/no-img-element -- a local object URL */}
                <img
                  src={image.url}
                  alt={t("camera.photoAlt", { side: sideName(side) })}
                  className="max-h-[55vh] w-full rounded-lg border border-slate-300 bg-slate-100 object-contain"
                />
                <div aria-live="polite">{hintBox(side)}</div>
                <button
                  type="button"
                  className={`${isBlocking(side) ? primaryButton : secondaryButton} w-full`}
                  onClick={() => retake(side)}
                >
                  {t("camera.retakeSide", { side: sideName(side) })}
                </button>
              </li>
            ) : null;
          })}
        </ul>
        {!blocked && renderSubmit?.(images)}
      </section>
    );
  }

  if (phase.kind === "review") {
    const image = images[phase.side];
    const blocking = isBlocking(phase.side);
    return (
      <section aria-labelledby={`${statusId}-h`} className="space-y-4">
        <h2 id={`${statusId}-h`} ref={headingRef} tabIndex={-1} className={`${heading} focus:outline-none`}>
          {t("camera.review")}
        </h2>
        {sides.length > 1 && (
          <p className="text-sm font-semibold text-slate-700">
            {sideLabel(phase.side)} · {sides.indexOf(phase.side) + 1}/{sides.length}
          </p>
        )}
        {image && (
          // eslint-disable-next-line @next/next/no-img-element -- a local object URL
          <img
            src={image.url}
            alt={t("camera.photoAlt", { side: sideName(phase.side) })}
            className="max-h-[55vh] w-full rounded-lg border border-slate-300 bg-slate-100 object-contain"
          />
        )}
        <div aria-live="polite" className="space-y-2">
          {hintBox(phase.side) ?? <p className="text-slate-700">{t("camera.reviewHint")}</p>}
        </div>
        <div className="flex flex-col gap-3 sm:flex-row-reverse sm:justify-start">
          {!blocking && (
            <button type="button" className={primaryButton} onClick={() => accept(phase.side)}>
              {image?.hints.length ? t("camera.useAnyway") : t("camera.usePhoto")}
            </button>
          )}
          <button type="button" className={blocking ? primaryButton : secondaryButton} onClick={() => retake(phase.side)}>
            {t("camera.retake")}
          </button>
        </div>
      </section>
    );
  }

  const side = phase.side;
  const title = documentType === "passport" ? t("camera.passportTitle") : t("camera.title", { side, document: documentType });
  const statusText =
    cameraStatus === "failed"
      ? null
      : cameraStatus === "ready"
        ? busy
          ? t("camera.taking")
          : advice
            ? t(`camera.live.${advice}`)
            : t("camera.ready")
        : cameraStatus === "waiting"
          ? t("camera.waiting")
          : t("camera.starting");
  return (
    <section aria-labelledby={`${statusId}-h`} className="space-y-4">
      <h2 id={`${statusId}-h`} ref={headingRef} tabIndex={-1} className={`${heading} focus:outline-none`}>
        {title}
      </h2>
      {sides.length > 1 && (
        <p className="text-sm font-semibold text-slate-700">
          {sideLabel(side)} · {sides.indexOf(side) + 1}/{sides.length}
        </p>
      )}
      <p className="text-slate-700">{t("camera.instructions")}</p>
      <p className="text-sm text-slate-700">{t("camera.autoNote")}</p>
      {cameraStatus !== "failed" && (
        <div
          className="relative mx-auto w-full overflow-hidden rounded-xl bg-slate-900"
          style={{ aspectRatio: String(aspect), maxWidth: `calc(60vh * ${aspect})` }}
          role="img"
          aria-label={t("camera.guideLabel")}
        >
          <video
            ref={cameraVideoRef}
            autoPlay
            muted
            playsInline
            aria-hidden="true"
            className="absolute inset-0 h-full w-full object-contain"
            onLoadedMetadata={(e) => {
              const v = e.currentTarget;
              if (v.videoWidth && v.videoHeight) setAspect(v.videoWidth / v.videoHeight);
            }}
          />
          <DocumentGuide kind={documentType} side={side} rect={guide} />
        </div>
      )}
      <p
        id={statusId}
        role="status"
        className={`text-sm ${advice && advice !== "good" && advice !== "hold_still" ? "font-semibold text-amber-900" : "text-slate-700"}`}
        data-testid="camera-status"
        data-advice={advice ?? undefined}
      >
        {statusText}
      </p>
      {cameraStatus === "failed" && cameraReason && (
        <div className={errorBox} role="alert">
          <p>{t(`noCamera.${cameraReason}`)}</p>
          {cameraReason === "in_use" || cameraReason === "failed" ? (
            <button type="button" className={secondaryButton + " mt-3"} onClick={cameraRetry}>
              {t("common.tryAgain")}
            </button>
          ) : null}
        </div>
      )}
      <div className="flex flex-col gap-3">
        {cameraStatus !== "failed" && (
          <button
            type="button"
            className={primaryButton}
            disabled={cameraStatus !== "ready" || busy}
            onClick={() => void shoot(side)}
            aria-describedby={statusId}
          >
            {t("camera.shutterSide", { side: sideName(side) })}
          </button>
        )}
        <FilePicker
          label={t("camera.uploadInstead")}
          hint={t("camera.uploadHint")}
          accept="image/jpeg,image/png"
          disabled={busy}
          error={fileError}
          onError={(code) => setFileError(code === "size" ? t("camera.fileTooLarge") : t("camera.wrongFileType"))}
          onFile={(file) => void pickFile(side, file)}
          prominent={cameraStatus === "failed"}
        />
        {onSwitchToPhone && (
          <button type="button" className={secondaryButton} onClick={onSwitchToPhone}>
            {t("camera.switchToPhone")}
          </button>
        )}
      </div>
    </section>
  );
}

"use client";

import { useTranslations } from "next-intl";
import { useFocusOnChange } from "./use-focus-on-change";
import { useEffect, useId, useRef, useState } from "react";
import { adviceBox, errorBox, heading, primaryButton, secondaryButton } from "../styles";
import type { NoCameraReason } from "./camera-support";
import { canvasToJpeg, drawScaled } from "./canvas";
import { captureSignals, guessMobile, type CaptureSignals } from "./capture-signals";
import { SELFIE_OVAL, type FaceHint } from "./face-guidance";
import { acceptFrame, buildSelfieForm, secondsLeft, stepAt, totalMs, type CapturedFrame, type SelfieTiming } from "./selfie-schedule";
import { UploadWithProgress } from "./upload-with-progress";
import { useCamera } from "./use-camera";
import { useFaceGuidance } from "./use-face-guidance";

/** The liveness engine's challenge steps (lib/server/liveness ChallengeStep), passed in by the page. */
export type ChallengeStep = "turn_left" | "turn_right" | "blink" | "smile";

export interface SelfieChallengeProps {
  challenge: ChallengeStep[];
  /** SELFIE_STEP_MS, SELFIE_FRAME_INTERVAL_MS, SELFIE_MAX_FRAMES from lib/server/liveness (the page reads them on the server). */
  stepMs: number;
  frameIntervalMs: number;
  maxFrames: number;
  /** The neutral lead-in before the first step (frames tagged step -1). */
  leadInMs?: number;
  /** POST target: multipart `frames` (JPEG files) + `meta` (JSON [{t, step}]) + `capture_signals` (JSON) + `extraFields`. */
  uploadUrl: string;
  extraFields?: Record<string, string>;
  teamName: string;
  onNext: (next: string | null) => void;
  onNoCamera: (reason: NoCameraReason) => void;
  onRetake?: (retake: { reason: string; message: string; attemptsLeft: number | null }) => void;
  onFatal?: (error: { code: string; next: string | null }) => void;
  /** The id of the visible heading, for the page's region to be named by it. */
  headingId?: string;
}

const FRAME_SIDE = 640;
const FRAME_QUALITY = 0.8;

type Phase = "intro" | "capturing" | "upload";

const ARROWS: Partial<Record<ChallengeStep, string>> = { turn_left: "←", turn_right: "→" };

/** Active liveness: an oval guide, the challenge's prompts one after another with a countdown, frames captured and sent. */
export function SelfieChallenge({
  challenge,
  stepMs,
  frameIntervalMs,
  maxFrames,
  leadInMs = 2000,
  uploadUrl,
  extraFields,
  teamName,
  onNext,
  onNoCamera,
  onRetake,
  onFatal,
  headingId,
}: SelfieChallengeProps) {
  const t = useTranslations("hosted");
  const [phase, setPhase] = useState<Phase>("intro");
  const [elapsed, setElapsed] = useState(0);
  const [frames, setFrames] = useState<CapturedFrame[]>([]);
  const [lastRetake, setLastRetake] = useState<string | null>(null);
  const [attemptsLeft, setAttemptsLeft] = useState<number | null>(null);
  const [sent, setSent] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [signals, setSignals] = useState<CaptureSignals | null>(null);
  const {
    videoRef: cameraVideoRef,
    trackRef,
    status: cameraStatus,
    reason: cameraReason,
    retry: cameraRetry,
  } = useCamera({ facing: "user", active: phase !== "upload", onNoCamera });
  const guidance = useFaceGuidance(cameraVideoRef, phase === "intro" && cameraStatus === "ready");
  // A camera that plays but shows no real picture for a few seconds is, in practice, in the dark
  // (black or flat frames): say so rather than "Starting the camera…" for ever.
  const [slowStart, setSlowStart] = useState(false);
  useEffect(() => {
    if (cameraStatus !== "waiting") return queueMicrotask(() => setSlowStart(false));
    const timer = setTimeout(() => setSlowStart(true), 3000);
    return () => clearTimeout(timer);
  }, [cameraStatus]);
  const hint: FaceHint | null = guidance.detector === "running" ? guidance.hint : null;
  // Start needs one face, lit, in the oval; where no detector can run the server's check is the only one.
  const canStart = cameraStatus === "ready" && (guidance.detector === "unavailable" || hint === "ok");
  const timing: SelfieTiming = { leadInMs, stepMs, steps: challenge.length, frameIntervalMs, maxFrames };
  const timingRef = useRef(timing);
  useEffect(() => {
    timingRef.current = timing;
  });
  const headingRef = useRef<HTMLHeadingElement>(null);
  const promptId = useId();
  const titleId = headingId ?? `${promptId}-h`;

  useEffect(() => {
    if (phase !== "capturing") return;
    const video = cameraVideoRef.current;
    if (!video) return;
    const start = performance.now();
    const tm = timingRef.current;
    const kept: CapturedFrame[] = [];
    const pending: Promise<void>[] = [];
    const scratch = document.createElement("canvas");
    const grabbedAt: number[] = [];
    let size = `${video.videoWidth}x${video.videoHeight}`;
    let resolutionChanges = 0;
    let finished = false;
    const grab = () => {
      const at = performance.now() - start;
      if (!acceptFrame(at, pending.length, tm)) return; // pending holds every frame grabbed so far
      const now = `${video.videoWidth}x${video.videoHeight}`;
      if (now !== size) {
        resolutionChanges++;
        size = now;
      }
      grabbedAt.push(at);
      // The picture and its tag are taken now; only the JPEG encoding is asynchronous.
      const canvas = drawScaled(video, FRAME_SIDE, scratch); // toBlob copies the bitmap at call time, so one canvas serves every frame;
      const tag = { t: at, step: stepAt(at, tm) };
      const job = canvasToJpeg(canvas, FRAME_QUALITY).then((image) => void kept.push({ ...tag, image }));
      pending.push(job);
    };
    grab();
    const capture = setInterval(grab, tm.frameIntervalMs);
    const clock = setInterval(() => {
      const at = performance.now() - start;
      setElapsed(at);
      if (at >= totalMs(tm) && !finished) {
        finished = true;
        clearInterval(capture);
        clearInterval(clock);
        const track = trackRef.current;
        const seen = captureSignals({
          label: track?.label,
          settings: track?.getSettings(),
          frameTimes: grabbedAt,
          resolutionChanges,
          mobile: guessMobile(navigator as Navigator & { userAgentData?: { mobile?: boolean } }),
        });
        void Promise.allSettled(pending).then(() => {
          setFrames([...kept].sort((a, b) => a.t - b.t));
          setSignals({ ...seen, frames: kept.length });
          setPhase("upload");
        });
      }
    }, 100);
    return () => {
      clearInterval(capture);
      clearInterval(clock);
    };
  }, [phase, cameraVideoRef, trackRef]);

  useFocusOnChange(headingRef, phase);

  const step = stepAt(elapsed, timing);
  const current = step >= 0 ? challenge[step] : undefined;
  const prompt =
    phase !== "capturing" ? null : step < 0 ? t("selfie.getReady") : current ? t(`selfie.prompts.${current}`) : t("selfie.finished");

  const restart = () => (setFrames([]), setSignals(null), setElapsed(0), setPhase("intro"));

  if (phase === "upload") {
    return (
      <div className="space-y-4">
        <h2 id={titleId} ref={headingRef} tabIndex={-1} className={`${heading} focus:outline-none`}>
          {t("selfie.title")}
        </h2>
        <p className="text-slate-700">{t("selfie.recorded")}</p>
        <UploadWithProgress
          url={uploadUrl}
          body={() => buildSelfieForm(frames, { ...extraFields, ...(signals ? { capture_signals: JSON.stringify(signals) } : {}) })}
          autoStart
          label={t("selfie.sendAgain")}
          retakeContext="selfie"
          teamName={teamName}
          onBusyChange={setUploading}
          onNext={(next) => {
            setSent(true);
            onNext(next);
          }}
          onFatal={(e) => {
            setSent(true); // nothing more to record: the page shows why
            onFatal?.(e);
          }}
          onRetake={(r) => {
            const key = `retake.selfie.${r.reason}`;
            setLastRetake(t.has(key) ? t(key) : r.message);
            setAttemptsLeft(r.attemptsLeft);
            restart();
            onRetake?.(r);
          }}
        />
        {!sent && (
          <button type="button" className={`${secondaryButton} w-full`} disabled={uploading} onClick={restart}>
            {t("selfie.again")}
          </button>
        )}
      </div>
    );
  }

  const ovalStroke = phase === "capturing" || hint === "ok" ? "#34d399" : "white";
  const guideText =
    phase !== "intro" || cameraStatus !== "ready"
      ? null
      : guidance.detector === "loading"
        ? t("selfie.guide.loading")
        : guidance.detector === "unavailable"
          ? t("selfie.guide.unavailable")
          : hint
            ? t(`selfie.guide.${hint}`)
            : t("selfie.guide.loading");
  return (
    <div className="space-y-4">
      <h2 id={titleId} ref={headingRef} tabIndex={-1} className={`${heading} focus:outline-none`}>
        {t("selfie.title")}
      </h2>
      {phase === "intro" && <p className="text-slate-700">{t("selfie.intro", { count: challenge.length })}</p>}
      {phase === "intro" && lastRetake && (
        <div className={adviceBox} role="alert">
          <p>{lastRetake}</p>
          {attemptsLeft !== null && <p className="mt-1 font-semibold">{t("upload.attemptsLeft", { count: attemptsLeft })}</p>}
        </div>
      )}
      {cameraStatus !== "failed" && (
        <div
          className="relative mx-auto aspect-[3/4] w-full max-w-sm overflow-hidden rounded-2xl bg-slate-900"
          role="img"
          aria-label={t("selfie.guideLabel")}
          data-face-hint={hint ?? guidance.detector}
        >
          {/* Mirrored like a mirror; the frames sent are not. */}
          <video
            ref={cameraVideoRef}
            autoPlay
            muted
            playsInline
            aria-hidden="true"
            className="absolute inset-0 h-full w-full -scale-x-100 object-cover"
          />
          <svg
            className="pointer-events-none absolute inset-0 h-full w-full"
            viewBox="0 0 100 100"
            preserveAspectRatio="none"
            aria-hidden="true"
          >
            <defs>
              <mask id="selfie-oval-hole">
                <rect width="100" height="100" fill="white" />
                <ellipse
                  cx={SELFIE_OVAL.cx * 100}
                  cy={SELFIE_OVAL.cy * 100}
                  rx={SELFIE_OVAL.rx * 100}
                  ry={SELFIE_OVAL.ry * 100}
                  fill="black"
                />
              </mask>
            </defs>
            <rect width="100" height="100" fill="rgba(15,23,42,0.55)" mask="url(#selfie-oval-hole)" />
            <ellipse
              cx={SELFIE_OVAL.cx * 100}
              cy={SELFIE_OVAL.cy * 100}
              rx={SELFIE_OVAL.rx * 100}
              ry={SELFIE_OVAL.ry * 100}
              fill="none"
              stroke={ovalStroke}
              vectorEffect="non-scaling-stroke"
              style={{ strokeWidth: 4 }}
            />
          </svg>
          {guideText && (
            <p
              className={`absolute inset-x-3 bottom-3 rounded-lg px-3 py-2 text-center text-base font-semibold ${hint === "ok" ? "bg-emerald-800 text-white" : "bg-slate-950/85 text-white"}`}
              aria-hidden="true"
            >
              {guideText}
            </p>
          )}
          {phase === "capturing" && (
            <div className="absolute inset-x-0 bottom-0 bg-slate-950/75 p-3 text-center text-white">
              <p className="text-sm font-medium">
                {step >= 0 && step < challenge.length
                  ? t("selfie.stepOf", { current: step + 1, total: challenge.length })
                  : t("selfie.recording")}
              </p>
              <p className="mt-1 text-2xl font-bold leading-tight" aria-hidden="true">
                {current && ARROWS[current] ? (
                  <span className="mr-2">{current === "turn_left" ? ARROWS.turn_left : ARROWS.turn_right}</span>
                ) : null}
                {prompt}
              </p>
              <p className="mt-1 text-lg tabular-nums" aria-hidden="true" data-testid="selfie-countdown">
                {t("selfie.countdown", { seconds: secondsLeft(elapsed, timing) })}
              </p>
            </div>
          )}
        </div>
      )}
      {/* The prompt for screen readers: announced once per step, not every countdown tick. */}
      <p id={promptId} aria-live="assertive" className="sr-only" data-testid="selfie-prompt">
        {prompt}
      </p>
      {cameraStatus === "failed" && cameraReason ? (
        <div className={errorBox} role="alert">
          <p>{t(`noCamera.${cameraReason}`)}</p>
          {(cameraReason === "in_use" || cameraReason === "failed") && (
            <button type="button" className={`${secondaryButton} mt-3`} onClick={cameraRetry}>
              {t("common.tryAgain")}
            </button>
          )}
        </div>
      ) : (
        // The hint is shown on the picture (hidden from screen readers there) and read out from here.
        <p role="status" className={guideText && phase === "intro" ? "sr-only" : "text-sm text-slate-700"} data-testid="selfie-guide">
          {phase === "intro"
            ? cameraStatus === "ready"
              ? guideText
              : slowStart
                ? t("selfie.guide.more_light")
                : t("camera.starting")
            : null}
        </p>
      )}
      {phase === "intro" && cameraStatus !== "failed" && (
        <button
          type="button"
          className={`${primaryButton} w-full`}
          disabled={!canStart}
          aria-describedby={canStart ? undefined : promptId + "-why"}
          onClick={() => (setLastRetake(null), setElapsed(0), setPhase("capturing"))}
        >
          {t("selfie.start")}
        </button>
      )}
      {phase === "intro" && cameraStatus === "ready" && !canStart && (
        <p id={promptId + "-why"} className="sr-only">
          {t("selfie.startWhenReady")}
        </p>
      )}
    </div>
  );
}

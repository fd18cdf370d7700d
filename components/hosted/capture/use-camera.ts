"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { greyCopy } from "./canvas";
import { cameraBlockedReason, classifyCameraError, currentCameraEnvironment, type NoCameraReason } from "./camera-support";
import { isRealFrame, sampleFrame, type FrameSample } from "./real-frame";

export type CameraStatus = "idle" | "starting" | "waiting" | "ready" | "failed";

/**
 * Opens the camera while `active`, plays it in the returned video element and reports "ready"
 * only once a real picture arrives (real-frame.ts). Stops every track when inactive or unmounted.
 */
export function useCamera({
  facing,
  active,
  onNoCamera,
}: {
  facing: "environment" | "user";
  active: boolean;
  onNoCamera: (reason: NoCameraReason) => void;
}) {
  const videoRef = useRef<HTMLVideoElement>(null);
  /** The live video track (its label and settings describe the camera), null while none runs. */
  const trackRef = useRef<MediaStreamTrack | null>(null);
  const [status, setStatus] = useState<CameraStatus>("idle");
  const [reason, setReason] = useState<NoCameraReason | null>(null);
  const [attempt, setAttempt] = useState(0);
  const report = useRef(onNoCamera);
  useEffect(() => {
    report.current = onNoCamera;
  }, [onNoCamera]);

  useEffect(() => {
    if (!active) return;
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setInterval> | undefined;
    const videoElement = videoRef.current;
    const fail = (why: NoCameraReason) => {
      if (stopped) return;
      setReason(why);
      setStatus("failed");
      report.current(why);
    };
    const env = currentCameraEnvironment();
    const blocked = cameraBlockedReason(env);
    queueMicrotask(() => {
      if (stopped) return;
      if (blocked) return fail(blocked);
      setStatus("starting");
      setReason(null);
      navigator.mediaDevices
        .getUserMedia({
          audio: false,
          video: {
            facingMode: { ideal: facing },
            width: { ideal: facing === "user" ? 1280 : 1920 },
            height: { ideal: facing === "user" ? 720 : 1080 },
          },
        })
        .then(async (s) => {
          stream = s;
          const video = videoRef.current;
          if (stopped || !video) return s.getTracks().forEach((t) => t.stop());
          video.srcObject = s;
          trackRef.current = s.getVideoTracks()[0] ?? null;
          await video.play().catch(() => undefined); // autoplay muted playsinline normally plays; the sampler waits either way
          setStatus("waiting");
          const scratch = document.createElement("canvas");
          let previous: FrameSample | null = null;
          timer = setInterval(() => {
            if (!video.videoWidth) return;
            const sample = sampleFrame(greyCopy(video, 64, scratch), video.currentTime);
            if (isRealFrame(sample, previous)) {
              clearInterval(timer);
              setStatus("ready");
            }
            previous = sample;
          }, 150);
        })
        .catch((error: unknown) => fail(classifyCameraError(error, env.inFrame)));
    });
    return () => {
      stopped = true;
      clearInterval(timer);
      stream?.getTracks().forEach((t) => t.stop());
      trackRef.current = null;
      if (videoElement) videoElement.srcObject = null;
      setStatus("idle");
    };
  }, [active, facing, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { videoRef, trackRef, status, reason, retry };
}

"use client";

import { useEffect, useRef, useState, type RefObject } from "react";
import { greyCopy } from "./canvas";
import { loadFaceDetector } from "./face-detector";
import { faceHint, meanBrightness, type FaceHint } from "./face-guidance";

export type GuidanceState = { detector: "loading" } | { detector: "unavailable" } | { detector: "running"; hint: FaceHint | null };

/** How often the picture is checked (a check on a phone's CPU takes 30–150 ms; a slow one is never overlapped). */
const CHECK_EVERY_MS = 250;
/** The preview box's width / height (the selfie preview is aspect 3:4). */
const BOX_ASPECT = 3 / 4;

/**
 * Watches the selfie camera while `active`: the face detector is loaded once the step shows (its
 * own chunk and model, never in the page's first load), then every CHECK_EVERY_MS the picture is
 * checked and the one thing to fix is returned ("ok" when one face, lit, fills the oval).
 */
export function useFaceGuidance(videoRef: RefObject<HTMLVideoElement | null>, active: boolean): GuidanceState {
  const [state, setState] = useState<GuidanceState>({ detector: "loading" });
  const hintRef = useRef<FaceHint | null>(null);

  useEffect(() => {
    if (!active) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const scratch = document.createElement("canvas");
    void loadFaceDetector().then((detector) => {
      if (stopped) return;
      if (!detector) return setState({ detector: "unavailable" });
      setState({ detector: "running", hint: hintRef.current });
      let failures = 0;
      const check = async () => {
        const video = videoRef.current;
        if (stopped) return;
        if (video && video.videoWidth && video.readyState >= 2) {
          try {
            const faces = await detector.detect(video);
            if (stopped) return;
            const grey = greyCopy(video, 96, scratch);
            const largest = [...faces].sort((a, b) => b.width - a.width)[0] ?? null;
            const hint = faceHint({
              faces,
              videoAspect: video.videoWidth / video.videoHeight,
              boxAspect: BOX_ASPECT,
              brightness: meanBrightness(grey, largest),
            });
            failures = 0;
            if (hint !== hintRef.current) {
              hintRef.current = hint;
              setState({ detector: "running", hint });
            }
          } catch {
            // A detector that keeps failing is no guide: say so and let the person start.
            if (++failures >= 3) return setState({ detector: "unavailable" });
          }
        }
        if (!stopped) timer = setTimeout(() => void check(), CHECK_EVERY_MS);
      };
      void check();
    });
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [active, videoRef]);

  return state;
}

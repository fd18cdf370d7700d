"use client";

import { useEffect, useRef, type RefObject } from "react";

/** Each new screen (a change of `key`) moves focus to its heading, so screen readers and keyboards follow the flow; the first render leaves focus alone. */
export function useFocusOnChange(ref: RefObject<HTMLElement | null>, key: unknown): void {
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    ref.current?.focus();
  }, [ref, key]);
}

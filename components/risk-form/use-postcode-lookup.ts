"use client";

import { useCallback, useEffect, useState } from "react";
import type { PostcodeAnswer } from "@/lib/contract/address-entry";

const RETRY_DELAY_MS = 800;
/** Answers already fetched in this page, per lookup route and postcode: searching one again is instant. */
const answers = new Map<string, PostcodeAnswer>();

/** Any app's lookup route answers the picker's shape (`PostcodeAnswer`) for `?postcode=`. */
async function fetchPostcode(lookupUrl: string, postcode: string, signal: AbortSignal): Promise<PostcodeAnswer> {
  const response = await fetch(`${lookupUrl}?${new URLSearchParams({ postcode })}`, { headers: { accept: "application/json" }, signal });
  const body = (await response.json().catch(() => null)) as PostcodeAnswer | null;
  // 404 (unknown postcode), 400 and 429 are answers to show; anything without one is a failure.
  if (body && typeof body.status === "string") return body;
  throw new Error(`Address search failed (HTTP ${response.status})`);
}

/** The last search that finished: its key, the attempt it answered, and what came back. */
interface Settled {
  key: string;
  attempt: number;
  data?: PostcodeAnswer;
  failed: boolean;
}

/**
 * The postcode picker's lookup: fetched when `postcode` is set and `enabled`, remembered for the
 * page's life, retried once after a failure (not after an answer such as "not found"), an older
 * search abandoned when another starts; `refetch` asks again after a failure. The picker's only
 * data need: these few lines instead of a query library in every page's first load (the hosted
 * flow's JS budget, issue 12).
 */
export function usePostcodeLookup(lookupUrl: string, postcode: string | null, enabled: boolean) {
  const key = postcode ? `${lookupUrl}|${postcode}` : null;
  const [attempt, setAttempt] = useState(0);
  const [settled, setSettled] = useState<Settled | null>(null);
  const known = key && attempt === 0 ? answers.get(key) : undefined;

  useEffect(() => {
    if (!enabled || !key || !postcode || (attempt === 0 && answers.has(key))) return;
    const controller = new AbortController();
    void (async () => {
      for (let tries = 0; tries < 2; tries++) {
        if (tries > 0) await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS));
        if (controller.signal.aborted) return;
        try {
          const data = await fetchPostcode(lookupUrl, postcode, controller.signal);
          answers.set(key, data);
          if (!controller.signal.aborted) setSettled({ key, attempt, data, failed: false });
          return;
        } catch {
          if (controller.signal.aborted) return;
        }
      }
      setSettled({ key, attempt, failed: true });
    })();
    return () => controller.abort();
  }, [key, enabled, attempt, lookupUrl, postcode]);

  const refetch = useCallback(() => setAttempt((a) => a + 1), []);
  const current = settled && settled.key === key && settled.attempt === attempt ? settled : null;
  const data = known ?? current?.data ?? (key ? answers.get(key) : undefined);
  const isFetching = enabled && !!key && !known && !current;
  return { data: isFetching && attempt > 0 ? undefined : data, isError: !!current?.failed, isFetching, refetch };
}

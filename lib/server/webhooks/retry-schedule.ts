// When to try a failed delivery again: the configured schedule (seconds before each try; the
// first entry is the immediate first try) with jitter, or the receiver's Retry-After when longer.

/** A receiver may ask for a pause, but not park a message for longer than this. */
export const MAX_RETRY_AFTER_SECONDS = 24 * 3600;
/** ±20 %: spreads the retries of many messages that failed together (an endpoint outage). */
export const JITTER = 0.2;

/** `Retry-After` as seconds from now: delta-seconds or an HTTP date; null when absent or unreadable. */
export function parseRetryAfter(value: string | null | undefined, now = new Date()): number | null {
  if (!value) return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Math.min(Number(text), MAX_RETRY_AFTER_SECONDS);
  // An HTTP date always starts with the day's name (RFC 9110 5.6.7).
  const at = /^[A-Za-z]{3}/.test(text) ? Date.parse(text) : Number.NaN;
  if (Number.isNaN(at)) return null;
  return Math.min(Math.max(0, (at - now.getTime()) / 1000), MAX_RETRY_AFTER_SECONDS);
}

export interface NextRetryOptions {
  /** Tries made so far in this round (the one that just failed included). */
  tries: number;
  scheduleSeconds: readonly number[];
  retryAfterSeconds?: number | null;
  random?: () => number;
}

/** Seconds until the next try, or null when the schedule is exhausted (the message fails). */
export function nextRetryDelay(options: NextRetryOptions): number | null {
  const { tries, scheduleSeconds } = options;
  if (tries >= scheduleSeconds.length) return null;
  const base = scheduleSeconds[tries] ?? 0;
  const random = options.random ?? Math.random;
  const jittered = base * (1 - JITTER + 2 * JITTER * random());
  const asked = options.retryAfterSeconds ?? 0;
  return Math.round(Math.max(jittered, asked) * 1000) / 1000;
}

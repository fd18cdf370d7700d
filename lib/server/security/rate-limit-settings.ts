/** A fixed-window request budget. */
export interface WindowLimit {
  limit: number;
  windowSeconds: number;
}

/**
 * The limits of issue 15, set by RATE_LIMIT_* (lib/config.ts) and shown in console Settings.
 * `null` turns a window limit off.
 */
export interface RateLimitSettings {
  /** Requests per API credential (every call made with its tokens). */
  api: WindowLimit | null;
  /** Uploads per hosted-flow link (photo ID, selfie, address documents). */
  uploads: WindowLimit | null;
  /**
   * Sign-in (POST /api/v*\/authenticate and the console): this many failures in a row are free,
   * per account (client id or staff email) and per address; each further failure doubles the wait
   * before the next try, from 1 s up to `maxDelaySeconds`.
   */
  failures: { perAccount: number; perIp: number; maxDelaySeconds: number };
}

export const DEFAULT_RATE_LIMITS: RateLimitSettings = {
  api: { limit: 1200, windowSeconds: 60 },
  uploads: { limit: 30, windowSeconds: 600 },
  failures: { perAccount: 5, perIp: 20, maxDelaySeconds: 900 },
};

/** The wait after the nth failure past the free ones: 1 s, 2 s, 4 s … capped. */
export function failureDelaySeconds(failures: number, free: number, maxDelaySeconds: number): number {
  if (failures <= free) return 0;
  return Math.min(maxDelaySeconds, 2 ** Math.min(30, failures - free - 1));
}

/** "1200 per minute", "30 per 10 minutes": for the console and the README. */
export function describeWindow(limit: WindowLimit | null): string {
  if (!limit) return "no limit";
  const { windowSeconds: s } = limit;
  const unit = s % 3600 === 0 ? [s / 3600, "hour"] : s % 60 === 0 ? [s / 60, "minute"] : [s, "second"];
  return `${limit.limit} per ${unit[0] === 1 ? unit[1] : `${unit[0]} ${unit[1]}s`}`;
}

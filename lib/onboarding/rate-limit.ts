import "server-only";

// A small fixed-window limiter per client address, in process memory. It keeps one public
// endpoint (the postcode lookup spends our API quota) and the staff sign-in from being hammered;
// with several app instances each counts on its own, which is good enough for that.

interface Window {
  start: number;
  count: number;
}

export interface RateLimiter {
  /** Seconds to wait, or 0 when the request may go ahead (and is counted). */
  take(key: string, now?: number): number;
}

export function createRateLimiter(options: { limit: number; windowMs: number; maxKeys?: number }): RateLimiter {
  const windows = new Map<string, Window>();
  return {
    take(key, now = Date.now()) {
      let w = windows.get(key);
      if (!w || now - w.start >= options.windowMs) {
        if (windows.size >= (options.maxKeys ?? 10_000)) {
          for (const [k, old] of windows) if (now - old.start >= options.windowMs) windows.delete(k);
          if (windows.size >= (options.maxKeys ?? 10_000)) windows.clear();
        }
        w = { start: now, count: 0 };
        windows.set(key, w);
      }
      if (w.count >= options.limit) return Math.max(1, Math.ceil((w.start + options.windowMs - now) / 1000));
      w.count += 1;
      return 0;
    },
  };
}

/** The caller's address as the proxy in front of us reports it, else a shared bucket. */
export function clientKey(headers: Headers): string {
  return headers.get("x-forwarded-for")?.split(",")[0]?.trim() || headers.get("x-real-ip") || "direct";
}

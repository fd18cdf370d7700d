import type { Db } from "@/lib/db";
import { countWindowHits, secondsLeftInWindow, windowStartOf } from "./count-window-hits";
import type { WindowLimit } from "./rate-limit-settings";

export interface LimitDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the window ends. */
  retryAfterSeconds: number;
}

interface KeyState {
  window: number;
  /** The shared count the database last answered (every instance's hits). */
  known: number;
  /** This instance's hits not yet added to the database. */
  pending: number;
  /** When `known` was last read (real time, whatever the limiter's clock says). */
  syncedAt: number;
  /** A read under way: requests that only need fresh news wait for it rather than start another. */
  inflight: Promise<void> | null;
}

/** Below this share of the limit an instance counts in memory and adds its hits in batches. */
const SYNC_FROM = 0.8;
const FLUSH_MS = 250;
const MAX_KEYS = 50_000;

/**
 * A fixed-window limit shared through the database by every instance, without a write per request:
 * far from the limit each instance counts in memory and adds its hits every FLUSH_MS (learning the
 * others' at the same time); the first request of a window, the first after FLUSH_MS without news
 * and every request past 80 % of the limit go to the database at once, so an instance never acts
 * on a count older than FLUSH_MS and the limit itself is exact. If the database fails, requests pass
 * (a limiter must not take the API down) and the hits are kept for the next try.
 */
export class SharedWindowLimiter {
  private readonly states = new Map<string, KeyState>();
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly db: () => Promise<Db>,
    private readonly settings: WindowLimit,
    private readonly clock: () => number = Date.now,
  ) {}

  async take(key: string): Promise<LimitDecision> {
    const now = this.clock();
    const { limit, windowSeconds } = this.settings;
    const window = windowStartOf(now, windowSeconds).getTime();
    let state = this.states.get(key);
    if (!state || state.window !== window) {
      if (!state && this.states.size >= MAX_KEYS) this.states.delete(this.states.keys().next().value!);
      state = { window, known: 0, pending: 0, syncedAt: 0, inflight: null };
      this.states.set(key, state);
    }
    state.pending += 1;
    // The shared count already reached the limit: every request left in this window is refused,
    // without asking the database again (a client hammering past its limit costs no writes).
    if (state.known >= limit) {
      this.scheduleFlush();
      return { allowed: false, limit, remaining: 0, retryAfterSeconds: secondsLeftInWindow(new Date(window), windowSeconds, now) };
    }
    const nearLimit = state.known + state.pending > limit * SYNC_FROM;
    if (nearLimit) await this.sync(key, state, now);
    else if (state.inflight) {
      await state.inflight;
      this.scheduleFlush();
    } else if (Date.now() - state.syncedAt > FLUSH_MS) await this.sync(key, state, now);
    else this.scheduleFlush();
    const used = state.known + state.pending;
    return {
      allowed: used <= limit,
      limit,
      remaining: Math.max(0, limit - used),
      retryAfterSeconds: secondsLeftInWindow(new Date(window), windowSeconds, now),
    };
  }

  /** Adds every pending hit to the database now (tests; shutdown). */
  async flush(quiet = false): Promise<void> {
    const now = this.clock();
    await Promise.all([...this.states].filter(([, s]) => s.pending > 0).map(([key, s]) => this.sync(key, s, now, quiet)));
  }

  private async sync(key: string, state: KeyState, now: number, quiet = false): Promise<void> {
    const hits = state.pending;
    if (hits === 0) return;
    // Taken before the await: a concurrent sync sends only the hits that came after.
    state.pending = 0;
    const done = this.add(key, state, hits, now, quiet);
    state.inflight = done;
    await done;
    if (state.inflight === done) state.inflight = null;
  }

  private async add(key: string, state: KeyState, hits: number, now: number, quiet: boolean): Promise<void> {
    try {
      const counted = await countWindowHits(await this.db(), { key, hits, windowSeconds: this.settings.windowSeconds, now });
      if (counted.windowStart.getTime() === state.window) state.known = Math.max(state.known, counted.hits);
      state.syncedAt = Date.now();
    } catch (error) {
      state.pending += hits;
      // A batch in the background is simply tried again with the next one.
      if (!quiet) console.error("[rate-limit] counting failed; the request is let through", error);
    }
  }

  private scheduleFlush(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush(true).catch(() => {});
    }, FLUSH_MS);
    this.timer.unref?.();
  }
}

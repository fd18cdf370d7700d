import type { JobDefinition } from "./define-job";
import type { JobQueue } from "./job-queue";

// One fetch loop per job and process. It asks pg-boss for no more jobs than the handler has room
// for (so nothing waits in memory holding a lease), sleeps between polls, and wakes at once when
// the queue says new jobs arrived. Polling remains the fallback for every missed wake-up and for
// delayed jobs falling due.

export interface JobLoopOptions<T> {
  queue: JobQueue;
  job: JobDefinition<T>;
  /** How many more jobs the handler can take now. */
  room(): number;
  /** Resolves when room may have grown. */
  roomChanged(): Promise<void>;
  pollMs: number;
  /** Most jobs fetched at once, whatever the room. */
  maxBatch?: number;
  /**
   * While the handler is busy, wait (up to gatherMs) for room for at least this many jobs before
   * fetching: one fetch, claim and completion per few dozen jobs, not per job, under load.
   */
  minBatch?: number;
  gatherMs?: number;
  onError?(error: unknown): void;
}

export interface JobLoop {
  /** Lets the running batch finish, then stops fetching. */
  stop(): Promise<void>;
}

export function startJobLoop<T>(options: JobLoopOptions<T>): JobLoop {
  const { queue, job, pollMs } = options;
  const onError = options.onError ?? ((error) => console.error(`[jobs] ${job.id}:`, error));
  let stopped = false;
  let woken = false;
  let interrupt: (() => void) | null = null;
  // A wake-up cuts the current sleep short; a sleep that lost a race is cancelled, so its timer
  // never ends a later one.
  const sleep = (ms: number) => {
    let cancel = () => {};
    const slept = new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        if (interrupt === done) interrupt = null;
        resolve();
      }
      interrupt = done;
      cancel = done;
    });
    return Object.assign(slept, { cancel });
  };
  const raceSleep = async (other: Promise<unknown>, ms: number) => {
    const slept = sleep(ms);
    await Promise.race([other, slept]);
    slept.cancel();
  };
  const unsubscribe = queue.onWake(job.id, () => {
    woken = true;
    interrupt?.();
  });

  const maxBatch = options.maxBatch ?? 500;
  const minBatch = Math.min(options.minBatch ?? 1, maxBatch);
  const gatherMs = options.gatherMs ?? 10;

  /** Room for a batch worth a round trip: at least minBatch, or whatever there is after gatherMs. */
  async function roomForBatch(): Promise<number> {
    let room = options.room();
    const until = Date.now() + gatherMs;
    while (room < minBatch && !stopped) {
      const left = until - Date.now();
      if (left <= 0 && room > 0) break;
      await raceSleep(options.roomChanged(), left > 0 ? left : pollMs);
      room = options.room();
    }
    return Math.min(room, maxBatch);
  }

  async function runOnce(): Promise<void> {
    const room = await roomForBatch();
    if (room <= 0 || stopped) return;
    woken = false;
    const jobs = await queue.fetch(job, room);
    if (jobs.length === 0) {
      if (!woken && !stopped) await sleep(pollMs);
      return;
    }
    try {
      await job.handle(jobs.map((j) => j.payload));
    } catch (error) {
      await queue
        .fail(
          job,
          jobs.map((j) => j.id),
        )
        .catch(() => {});
      throw error;
    }
    await queue.complete(
      job,
      jobs.map((j) => j.id),
    );
  }

  const running = (async () => {
    while (!stopped) {
      try {
        await runOnce();
      } catch (error) {
        onError(error);
        if (!stopped) await sleep(pollMs);
      }
    }
  })();

  return {
    stop: async () => {
      stopped = true;
      unsubscribe();
      interrupt?.();
      await running;
    },
  };
}

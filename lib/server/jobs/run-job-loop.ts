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
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        interrupt = null;
        resolve();
      }
      interrupt = done;
    });
  const unsubscribe = queue.onWake(job.id, () => {
    woken = true;
    interrupt?.();
  });

  async function runOnce(): Promise<void> {
    const room = Math.min(options.room(), options.maxBatch ?? 500);
    if (room <= 0) {
      await Promise.race([options.roomChanged(), sleep(pollMs)]);
      return;
    }
    woken = false;
    const jobs = await queue.fetch(job, room);
    if (jobs.length === 0) {
      if (!woken && !stopped) await sleep(pollMs);
      return;
    }
    try {
      await job.handle(jobs.map((j) => j.payload));
    } catch (error) {
      await queue.fail(job, jobs.map((j) => j.id)).catch(() => {});
      throw error;
    }
    await queue.complete(job, jobs.map((j) => j.id));
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

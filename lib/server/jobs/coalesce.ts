/**
 * Runs `task` on demand, never twice at once: a kick while it runs schedules exactly one more run
 * after it, and runs start at least `minIntervalMs` apart. A burst of kicks (one per commit)
 * thus becomes a few runs over larger batches, while a kick after a quiet spell runs at once.
 */
export function coalesce(task: () => Promise<void>, onError: (error: unknown) => void, minIntervalMs = 0) {
  let running: Promise<void> | null = null;
  let again = false;
  let lastStart = 0;
  const pause = () => {
    const wait = lastStart + minIntervalMs - Date.now();
    return wait > 0 ? new Promise((resolve) => setTimeout(resolve, wait)) : Promise.resolve();
  };
  const kick = () => {
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        await pause();
        again = false;
        lastStart = Date.now();
        await task().catch(onError);
      } while (again);
    })().finally(() => {
      running = null;
    });
  };
  return { kick, idle: async () => void (await running) };
}

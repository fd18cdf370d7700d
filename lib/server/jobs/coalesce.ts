/**
 * Runs `task` on demand, never twice at once: a kick while it runs schedules exactly one more run
 * after it. Many kicks in a burst (a commit each) thus become a few runs over larger batches.
 */
export function coalesce(task: () => Promise<void>, onError: (error: unknown) => void) {
  let running: Promise<void> | null = null;
  let again = false;
  const kick = () => {
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        await task().catch(onError);
      } while (again);
    })().finally(() => {
      running = null;
    });
  };
  return { kick, idle: async () => void (await running) };
}

import type { DeliveryOutcome } from "./save-outcomes";

/**
 * Group commit for attempt results: outcomes arriving while a write is in progress are written
 * together by the next one, so the database sees a few transactions a second, not one per
 * delivery. A failed write leaves its messages leased; the sweep takes them back when the lease
 * ends and they are delivered again (at least once).
 */
export class OutcomeWriter {
  private buffer: DeliveryOutcome[] = [];
  private writing: Promise<void> | null = null;

  constructor(
    private readonly write: (batch: DeliveryOutcome[]) => Promise<void>,
    private readonly options: { maxBatch?: number; minBatch?: number; gatherMs?: number } = {},
  ) {}

  add(outcome: DeliveryOutcome): void {
    this.buffer.push(outcome);
    this.start();
  }

  private start() {
    if (this.writing) return;
    const { maxBatch = 500, minBatch = 1, gatherMs = 0 } = this.options;
    this.writing = (async () => {
      while (this.buffer.length > 0) {
        // Let deliveries finishing meanwhile join the batch: a timer, not a microtask, so that
        // their sockets are read (an embedded database's queries hold the thread while they run).
        const until = Date.now() + gatherMs;
        do await new Promise((resolve) => setTimeout(resolve, Math.min(2, gatherMs)));
        while (this.buffer.length < minBatch && Date.now() < until);
        const batch = this.buffer.splice(0, maxBatch);
        await this.write(batch).catch((error) =>
          console.error(`[webhooks] storing ${batch.length} attempt(s) failed; their leases will expire and they will be retried:`, error),
        );
      }
    })().finally(() => {
      this.writing = null;
      if (this.buffer.length > 0) this.start();
    });
  }

  /** Resolves once everything added so far is written (or given up). */
  async flushed(): Promise<void> {
    while (this.writing) await this.writing;
  }
}

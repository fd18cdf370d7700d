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
    private readonly maxBatch = 500,
  ) {}

  add(outcome: DeliveryOutcome): void {
    this.buffer.push(outcome);
    this.start();
  }

  private start() {
    if (this.writing) return;
    this.writing = (async () => {
      // Let the other deliveries finishing in this turn of the event loop join the batch.
      await new Promise((resolve) => setImmediate(resolve));
      while (this.buffer.length > 0) {
        const batch = this.buffer.splice(0, this.maxBatch);
        await this.write(batch).catch((error) => console.error(`[webhooks] storing ${batch.length} attempt(s) failed; their leases will expire and they will be retried:`, error));
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

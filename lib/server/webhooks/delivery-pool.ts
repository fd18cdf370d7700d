/** Deliveries in flight in this process, at most `size`; the fetch loop asks for no more than `room()`. */
export class DeliveryPool {
  private active = 0;
  private waiters: (() => void)[] = [];

  constructor(readonly size: number) {}

  room(): number {
    return this.size - this.active;
  }

  /** Resolves the next time a delivery finishes. */
  roomChanged(): Promise<void> {
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  run(task: () => Promise<void>): void {
    this.active++;
    void task()
      .catch((error) => console.error("[webhooks] delivery task failed:", error))
      .finally(() => {
        this.active--;
        for (const resolve of this.waiters.splice(0)) resolve();
      });
  }

  /** Resolves when nothing is in flight, or after `timeoutMs`. */
  async idle(timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (this.active > 0) {
      const left = deadline - Date.now();
      if (left <= 0) return false;
      await Promise.race([this.roomChanged(), new Promise((resolve) => setTimeout(resolve, left))]);
    }
    return true;
  }
}

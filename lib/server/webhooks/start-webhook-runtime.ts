import type { Database } from "@/lib/db";
import { coalesce } from "../jobs/coalesce";
import { defineJob } from "../jobs/define-job";
import { JobQueue } from "../jobs/job-queue";
import { startJobLoop, type JobLoop } from "../jobs/run-job-loop";
import { deliverBatch } from "./deliver-batch";
import { DeliveryPool } from "./delivery-pool";
import { setOutboxListener } from "./outbox";
import { OutcomeWriter } from "./outcome-writer";
import { recoverExpiredLeases } from "./recover-leases";
import { relayOutbox } from "./relay-outbox";
import { saveOutcomes } from "./save-outcomes";
import { WEBHOOK_DELIVERY_JOB, type WebhookSettings } from "./webhook-settings";

export interface WebhookRuntimeOptions {
  database: Database;
  settings: WebhookSettings;
  /** false: this process only relays committed messages to the queue; `npm run worker` delivers. */
  deliver: boolean;
}

export interface WebhookRuntime {
  /** Relays committed messages now (what notifyOutbox triggers). */
  wake(): void;
  /** Takes back expired leases and re-sends lost jobs now (it also runs every sweepSeconds). */
  sweep(): Promise<void>;
  /** Stops fetching, lets deliveries in flight finish (up to graceMs), writes their outcomes. */
  stop(options?: { graceMs?: number }): Promise<void>;
}

const RELAY_INTERVAL_MS = 20;

const logFailure = (what: string) => (error: unknown) => console.error(`[webhooks] ${what} failed:`, error);

/** Outbox → pg-boss → signed POSTs, in this process (ARCHITECTURE: webhooks). */
export async function startWebhookRuntime(options: WebhookRuntimeOptions): Promise<WebhookRuntime> {
  const { database, settings } = options;
  const db = database.db;
  const queue = await JobQueue.start(database, { maintenance: options.deliver, listen: options.deliver });
  await queue.ensure(WEBHOOK_DELIVERY_JOB);

  // At most one relay per 20 ms under load: each costs two statements, however many it sends.
  const relay = coalesce(async () => void (await relayOutbox(db, queue, {})), logFailure("relaying the outbox"), RELAY_INTERVAL_MS);
  const removeListener = setOutboxListener(relay.kick);
  const sweepOnce = async () => {
    if (options.deliver) await recoverExpiredLeases(db, settings.retryScheduleSeconds.length);
    await relayOutbox(db, queue, { staleSeconds: settings.leaseSeconds });
  };
  const sweeper = coalesce(sweepOnce, logFailure("sweeping the outbox"));

  let loop: JobLoop | null = null;
  let pool: DeliveryPool | null = null;
  let writer: OutcomeWriter | null = null;
  let timer: NodeJS.Timeout | null = null;
  if (options.deliver) {
    const deliveryPool = new DeliveryPool(settings.concurrency);
    writer = new OutcomeWriter(
      async (batch) => {
        const saved = await saveOutcomes(db, batch);
        const retries = saved.filter((s) => s.status === "retrying");
        await queue.send(
          WEBHOOK_DELIVERY_JOB,
          retries.map((r) => ({ payload: { messageId: r.id }, startAfterSeconds: r.delaySeconds ?? 0 })),
        );
        // A case's message is finished: the next one of that case may go now.
        if (saved.some((s) => s.verificationId && s.status !== "retrying")) relay.kick();
      },
      { minBatch: 16, gatherMs: 20 },
    );
    const job = defineJob(WEBHOOK_DELIVERY_JOB, deliverBatch({ db, settings, pool: deliveryPool, writer, onReleased: relay.kick }));
    loop = startJobLoop({
      queue,
      job,
      room: () => deliveryPool.room(),
      roomChanged: () => deliveryPool.roomChanged(),
      pollMs: settings.pollMs,
      maxBatch: 100,
      // Under load, fetch and claim in batches of half the pool rather than a job at a time: the
      // embedded database pays per statement. An idle pool fetches at once.
      minBatch: Math.max(1, Math.floor(settings.concurrency / 2)),
      gatherMs: 50,
      onError: logFailure("fetching delivery jobs"),
    });
    pool = deliveryPool;
    timer = setInterval(sweeper.kick, settings.sweepSeconds * 1000);
    timer.unref();
  }
  // Whatever an earlier process left behind (committed but never relayed, leases of a dead worker).
  sweeper.kick();

  let stopping: Promise<void> | null = null;
  return {
    wake: relay.kick,
    sweep: async () => {
      await sweeper.idle();
      await sweepOnce();
    },
    stop: (stopOptions = {}) =>
      (stopping ??= (async () => {
        if (timer) clearInterval(timer);
        removeListener();
        await loop?.stop();
        const drained = await (pool?.idle(stopOptions.graceMs ?? settings.timeoutMs + 1000) ?? true);
        if (!drained) console.error("[webhooks] deliveries still in flight at shutdown; their leases will expire and they will be retried");
        await writer?.flushed();
        await Promise.all([relay.idle(), sweeper.idle()]);
        await queue.stop();
      })()),
  };
}

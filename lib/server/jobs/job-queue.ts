import type { PGlite } from "@electric-sql/pglite";
import type pg from "pg";
import PgBoss from "pg-boss";
import type { Database } from "@/lib/db";
import type { JobType } from "./define-job";

// pg-boss keeps its tables in its own `pgboss` schema of the app's database. It reaches the
// database through its `db` option on both engines: the app's pool on PostgreSQL, the PGlite
// client in embedded mode (SQL without parameters goes to `exec`, which allows several
// statements; with parameters to `query`). One code path, one connection budget.

const CHANNEL = "idv_jobs";

export function bossExecutor(database: Database): PgBoss.Db {
  if (database.kind === "postgres") {
    const pool = database.pool!;
    return { executeSql: (text, values) => pool.query(text, values) };
  }
  const client = (database.db as unknown as { $client: PGlite }).$client;
  return {
    executeSql: async (text, values) => {
      if (values?.length) return client.query(text, values);
      const results = await client.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    },
  };
}

export interface QueuedJob<T> {
  id: string;
  payload: T;
}

/** pg-boss plus wake-ups: in this process directly, across processes by LISTEN/NOTIFY (PostgreSQL). */
export class JobQueue {
  private readonly wakeHandlers = new Map<string, Set<() => void>>();
  private listener: pg.PoolClient | null = null;

  private constructor(
    private readonly boss: PgBoss,
    private readonly database: Database,
  ) {}

  /**
   * Starts pg-boss (creating or migrating its schema). `maintenance` runs its expiry and
   * archiving; `listen` hears other processes' wake-ups (a process that only sends needs neither).
   */
  static async start(database: Database, options: { maintenance: boolean; listen?: boolean }): Promise<JobQueue> {
    const boss = new PgBoss({
      db: bossExecutor(database),
      schedule: false,
      supervise: options.maintenance,
      migrate: true,
      // Jobs are only transport (their subject, e.g. the webhook outbox, keeps the history):
      // move finished ones out of the hot table soon and drop them after a day.
      maintenanceIntervalSeconds: 60,
      archiveCompletedAfterSeconds: 600,
      deleteAfterHours: 24,
    });
    boss.on("error", (error) => console.error("[jobs] pg-boss:", error));
    await boss.start();
    const queue = new JobQueue(boss, database);
    if (database.kind === "postgres") {
      if (options.listen ?? true) await queue.listen();
    }
    return queue;
  }

  /** Creates the job's queue (idempotent). pg-boss does not retry: the outbox's sweep owns recovery. */
  async ensure(job: JobType<unknown>): Promise<void> {
    await this.boss.createQueue(job.id, {
      name: job.id,
      policy: "standard",
      retryLimit: 0,
      expireInSeconds: Math.ceil(job.expireInSeconds),
    });
  }

  async send<T>(job: JobType<T>, items: { payload: T; startAfterSeconds?: number }[]): Promise<void> {
    if (items.length === 0) return;
    await this.boss.insert(
      items.map((item) => ({
        name: job.id,
        data: job.payload.parse(item.payload) as object,
        ...(item.startAfterSeconds ? { startAfter: String(item.startAfterSeconds) } : {}),
      })),
    );
    if (items.some((item) => !item.startAfterSeconds)) await this.wake(job.id);
  }

  /** Up to `max` jobs that are due; a payload that fails its schema is failed, not handed out. */
  async fetch<T>(job: JobType<T>, max: number): Promise<QueuedJob<T>[]> {
    const jobs = await this.boss.fetch<unknown>(job.id, { batchSize: max });
    const valid: QueuedJob<T>[] = [];
    const invalid: string[] = [];
    for (const row of jobs) {
      const parsed = job.payload.safeParse(row.data);
      if (parsed.success) valid.push({ id: row.id, payload: parsed.data });
      else invalid.push(row.id);
    }
    if (invalid.length) await this.boss.fail(job.id, invalid);
    return valid;
  }

  async complete(job: JobType<unknown>, ids: string[]): Promise<void> {
    if (ids.length) await this.boss.complete(job.id, ids);
  }

  async fail(job: JobType<unknown>, ids: string[]): Promise<void> {
    if (ids.length) await this.boss.fail(job.id, ids);
  }

  onWake(name: string, handler: () => void): () => void {
    const set = this.wakeHandlers.get(name) ?? new Set();
    set.add(handler);
    this.wakeHandlers.set(name, set);
    return () => set.delete(handler);
  }

  /** Wakes the queue's fetch loops here and, on PostgreSQL, in every other process. */
  async wake(name: string): Promise<void> {
    this.wakeLocal(name);
    if (this.database.kind === "postgres") await this.database.pool!.query("select pg_notify($1, $2)", [CHANNEL, name]);
  }

  private wakeLocal(name: string) {
    for (const handler of this.wakeHandlers.get(name) ?? []) handler();
  }

  private async listen() {
    // A dedicated connection; if it drops, the fetch loops' polling still finds every job.
    const client = await this.database.pool!.connect();
    client.on("notification", (message) => message.payload && this.wakeLocal(message.payload));
    client.on("error", (error) => {
      console.error("[jobs] LISTEN connection lost; falling back to polling:", error.message);
      if (this.listener === client) this.listener = null;
      client.release(true);
    });
    await client.query(`LISTEN ${CHANNEL}`);
    this.listener = client;
  }

  async stop(): Promise<void> {
    const listener = this.listener;
    this.listener = null;
    listener?.release(true);
    this.wakeHandlers.clear();
    // Jobs still active are failed by pg-boss; the outbox's sweep re-sends whatever they carried.
    await this.boss.stop({ graceful: false, close: false });
  }
}

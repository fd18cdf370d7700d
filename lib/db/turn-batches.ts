import type { Db } from "./client";

/**
 * Statements of concurrent requests grouped by turn of the event loop (issue 14), the core of
 * group commit (grouped-insert.ts) and of the grouped reads (the stored case, an email's network
 * history, the blocklist, NFD reports). An item waits for the end of the current turn, and every
 * item queued by then (the other requests read in the same turn, and those that reach this point
 * while the previous statement runs) goes to `run` as one batch: one statement. One statement
 * runs at a time per database handle, at most MAX_ITEMS items each. An idle server waits one turn
 * of the loop.
 *
 * When a batch fails, each of its items runs again alone, so one item's error (a missing team,
 * say) reaches only its own caller. On a transaction's handle (no `$client`) an item runs at once,
 * alone, in that transaction.
 */
const MAX_ITEMS = 64;

interface Pending<I, O> {
  item: I;
  resolve(value: O): void;
  reject(error: unknown): void;
}

interface Queue<I, O> {
  pending: Pending<I, O>[];
  running: boolean;
}

/** `run` answers a batch with one result per item, in the items' order. */
export function turnBatches<I, O>(run: (db: Db, items: I[]) => Promise<O[]>): (db: Db, item: I) => Promise<O> {
  const queues = new WeakMap<Db, Queue<I, O>>();
  const alone = async (db: Db, item: I) => (await run(db, [item]))[0]!;

  const drain = async (db: Db, queue: Queue<I, O>) => {
    queue.running = true;
    try {
      while (queue.pending.length > 0) {
        const batch = queue.pending.splice(0, MAX_ITEMS);
        try {
          const results = await run(
            db,
            batch.map((p) => p.item),
          );
          batch.forEach((p, i) => p.resolve(results[i]!));
        } catch (error) {
          if (batch.length === 1) batch[0]!.reject(error);
          // Which item failed is unknown: each runs alone, and only its own error reaches its caller.
          else for (const p of batch) await alone(db, p.item).then(p.resolve, p.reject);
        }
      }
    } finally {
      queue.running = false;
    }
  };

  return (db, item) => {
    if ((db as unknown as { $client?: unknown }).$client === undefined) return alone(db, item);
    let queue = queues.get(db);
    if (!queue) queues.set(db, (queue = { pending: [], running: false }));
    const settled = new Promise<O>((resolve, reject) => queue.pending.push({ item, resolve, reject }));
    if (!queue.running && queue.pending.length === 1) setImmediate(() => void drain(db, queue));
    return settled;
  };
}

/**
 * The items of a batch as the JSON parameter of its statement: one record per item, numbered `i`
 * by its place in the batch, for `jsonb_to_recordset($n) as k(i int, …)`; rowsPerItem sorts the
 * answer back by that number.
 */
export function itemsJson<I>(items: I[], record: (item: I) => Record<string, unknown>): string {
  return JSON.stringify(items.map((item, i) => ({ i, ...record(item) })));
}

/** A batch's rows, each carrying its item's number `i`, as one list per item (in one pass). */
export function rowsPerItem<R extends { i: unknown }>(rows: R[], count: number): R[][] {
  const lists = Array.from({ length: count }, (): R[] => []);
  for (const row of rows) lists[Number(row.i)]?.push(row);
  return lists;
}

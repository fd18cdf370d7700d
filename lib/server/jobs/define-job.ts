import type { ZodType } from "zod";

// CONVENTIONS (jobs): a job is a definition with an id, a zod payload schema and an idempotent
// handler. The queue may hand a job over more than once (a worker died, a sweep re-sent it), so
// the handler must be safe to run again for the same payload.

/** What a sender needs: the queue and the payload's shape. */
export interface JobType<T> {
  /** The pg-boss queue name. */
  id: string;
  payload: ZodType<T>;
  /** A job still active after this long is failed by pg-boss's maintenance. */
  expireInSeconds: number;
}

/** What a worker needs besides: the handler. */
export interface JobDefinition<T> extends JobType<T> {
  /** Runs a batch of payloads; resolves once they are taken over (not necessarily finished). */
  handle(payloads: T[]): Promise<void>;
}

export function defineJob<T>(type: JobType<T>, handle: (payloads: T[]) => Promise<void>): JobDefinition<T> {
  return { ...type, handle };
}

import type { Db } from "@/lib/db";
import { sha256 } from "../shared/crypto";
import { countWindowHits, secondsLeftInWindow } from "./count-window-hits";
import type { WindowLimit } from "./rate-limit-settings";

/**
 * Per-link limit on the hosted flow's uploads (issue 15), taken before the body is read: a link
 * posting files in a loop is refused at the door, whatever the files. Exact (one statement per
 * upload, shared by every instance); the token is stored hashed, it is the case's only key.
 */
export async function takeUploadSlot(
  db: Db,
  input: { token: string; limit: WindowLimit | null; now?: number },
): Promise<{ allowed: true } | { allowed: false; retryAfterSeconds: number }> {
  if (!input.limit) return { allowed: true };
  const now = input.now ?? Date.now();
  const counted = await countWindowHits(db, {
    key: `upload:${sha256(input.token).slice(0, 40)}`,
    hits: 1,
    windowSeconds: input.limit.windowSeconds,
    now,
  });
  if (counted.hits <= input.limit.limit) return { allowed: true };
  return { allowed: false, retryAfterSeconds: secondsLeftInWindow(counted.windowStart, input.limit.windowSeconds, now) };
}

import { fail } from "../shared/result";

/**
 * The pool itself failed (a thread died, or the 60 s limit ran out): a named 503 the caller may
 * retry, never a 500 with internal text. Failures inside a model are already answered by the
 * engine as checks NOT performed.
 */
export function engineFailure(error: unknown) {
  const timedOut = error instanceof Error && (error.name === "AbortError" || error.name === "TimeoutError");
  console.error("document engine failed", error);
  return fail("unavailable", timedOut ? "Reading the document took too long" : "The document reader failed on this request", {
    code: timedOut ? "document_read_timeout" : "document_engine_failed",
    retryAfterSeconds: 5,
  });
}

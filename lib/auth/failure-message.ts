import type { Failure } from "@/lib/server/shared/result";

/** A domain failure as the sentence a console form shows. */
export function failureMessage(error: Failure): string {
  if (error.kind === "forbidden") return `Not allowed: ${error.message}.`;
  if (error.kind === "not_found") return "Not found: it may belong to another team or mode.";
  return error.message;
}

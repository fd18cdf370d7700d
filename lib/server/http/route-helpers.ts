import type { ZodType } from "zod";
import { errorSchema } from "@/lib/contract";

export const json = <T extends ZodType>(schema: T, description: string) => ({
  content: { "application/json": { schema } },
  description,
});

export const jsonBody = <T extends ZodType>(schema: T) => ({
  required: true,
  content: { "application/json": { schema } },
});

const error = (description: string) => json(errorSchema, description);

/** The error responses most routes share (wire-details: errors). */
export const errors = {
  400: error("Malformed or invalid input; `error_detail` is keyed by field path"),
  401: error("Missing, invalid or expired token, or bad client credentials"),
  403: error("Operation not allowed for this team or mode"),
  404: error("Unknown resource, or one of another team or mode"),
  413: error("Upload too large, or a JSON body over 1 MiB"),
  415: error("Upload of an unsupported type"),
  422: error("Well-formed but refused (the document endpoints: a file of an accepted type that cannot be processed: cut short, unreadable, too small, too many pixels or pages)"),
  429: error("Rate limited; see `retry_after_seconds` and `Retry-After`"),
  500: error("Internal error; the body carries the request id"),
  501: error("Not available on this deployment (photo ID: a document kind the engine does not read)"),
  503: error("Temporarily unavailable; retry after `retry_after_seconds`"),
} as const;

export const bearer = [{ bearerAuth: [] as string[] }];

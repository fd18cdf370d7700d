import { createRoute, type RouteConfig } from "@hono/zod-openapi";
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
  422: error(
    "Well-formed but refused (the document endpoints: a file of an accepted type that cannot be processed: cut short, unreadable, too small, too many pixels or pages)",
  ),
  429: error("Rate limited; see `retry_after_seconds` and `Retry-After`"),
  500: error("Internal error; the body carries the request id"),
  501: error("Not available on this deployment (photo ID: a document kind the engine does not read)"),
  503: error("Temporarily unavailable; retry after `retry_after_seconds`"),
} as const;

export const bearer = [{ bearerAuth: [] as string[] }];

type ErrorStatus = keyof typeof errors;

/** The actor an API call acts as (audit entries, webhooks): the token's client. */
export const apiActor = (tenant: { apiClientId: string }) => ({ type: "api_client" as const, id: tenant.apiClientId });

/**
 * A route of the token's team, in the one shape every bearer route has: the bearer scheme, its own
 * answers, then the error answers every such route can give (400, 401) and those it names in
 * `refuses` (404 for a route that reads one thing by id, 403 where a role or mode is needed…), each
 * with the shared description. What differs is what the route says: method, path, tags, summary,
 * description, request.
 */
export function teamRoute<
  const C extends Omit<RouteConfig, "security" | "responses"> & { responses: RouteConfig["responses"]; refuses?: readonly ErrorStatus[] },
>(config: C) {
  const { refuses = [], responses, ...route } = config;
  const named = Object.fromEntries(refuses.map((status) => [status, errors[status]])) as Pick<
    typeof errors,
    NonNullable<C["refuses"]>[number]
  >;
  return createRoute({
    ...(route as Omit<C, "responses" | "refuses">),
    security: bearer,
    responses: { ...responses, 400: errors[400], 401: errors[401], ...named } as C["responses"] &
      Pick<typeof errors, 400 | 401> &
      typeof named,
  });
}

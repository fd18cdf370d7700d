import { createMiddleware } from "hono/factory";
import { failureResponse } from "../http/errors";
import type { ApiDeps, ApiEnv } from "../http/types";
import { DEFAULT_RATE_LIMITS, describeWindow } from "./rate-limit-settings";
import { SharedWindowLimiter } from "./shared-window-limiter";

/**
 * Per-credential request limit on the API (issue 15): every call made with the tokens of one
 * client id shares one budget, across instances. Runs after bearer authentication; the public
 * routes (health, authenticate, the OpenAPI document) have their own protection or need none.
 */
export function apiRateLimit(deps: Pick<ApiDeps, "db" | "rateLimits" | "now">) {
  const settings = (deps.rateLimits ?? DEFAULT_RATE_LIMITS).api;
  const limiter = settings ? new SharedWindowLimiter(deps.db, settings, deps.now) : null;
  return createMiddleware<ApiEnv>(async (c, next) => {
    const tenant = c.get("tenant");
    if (!limiter || !settings || !tenant) return next();
    const decision = await limiter.take(`api:${tenant.apiClientId}`);
    if (!decision.allowed) {
      return failureResponse(c, {
        kind: "rate_limited",
        message: `Rate limit reached for this API credential (${describeWindow(settings)}): retry in ${decision.retryAfterSeconds} s`,
        code: "rate_limited",
        retryAfterSeconds: decision.retryAfterSeconds,
      });
    }
    await next();
  });
}

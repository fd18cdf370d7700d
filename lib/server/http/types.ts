import type { Db } from "@/lib/db";
import type { TokenContext } from "../auth/verify-token";
import type { RateLimitSettings } from "../security/rate-limit-settings";

export interface ApiDeps {
  /** The database; resolved per request so tests and the server can supply their own. */
  db: () => Promise<Db>;
  publicBaseUrl: string;
  tokenTtlSeconds: number;
  version: string;
  /** Webhook receivers on loopback addresses are allowed (development and tests only). */
  webhookAllowLoopback: boolean;
  /** Rate limits (issue 15); the defaults of lib/server/security/rate-limit-settings.ts when absent. */
  rateLimits?: RateLimitSettings;
  /** The limiters' clock in milliseconds (tests move it); Date.now when absent. */
  now?: () => number;
}

export interface ApiEnv {
  Variables: {
    requestId: string;
    tenant: TokenContext;
    db: Db;
  };
}

import type { Db } from "@/lib/db";
import type { TokenContext } from "../auth/verify-token";

export interface ApiDeps {
  /** The database; resolved per request so tests and the server can supply their own. */
  db: () => Promise<Db>;
  publicBaseUrl: string;
  tokenTtlSeconds: number;
  version: string;
  /** Webhook receivers on loopback addresses are allowed (development and tests only). */
  webhookAllowLoopback: boolean;
}

export interface ApiEnv {
  Variables: {
    requestId: string;
    tenant: TokenContext;
    db: Db;
  };
}

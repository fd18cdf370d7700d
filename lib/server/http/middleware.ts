import { randomUUID } from "node:crypto";
import { createMiddleware } from "hono/factory";
import { verifyToken } from "../auth/verify-token";
import { errorBody } from "./errors";
import type { ApiDeps, ApiEnv } from "./types";

export const requestId = () =>
  createMiddleware<ApiEnv>(async (c, next) => {
    const incoming = c.req.header("x-request-id");
    const id = incoming && /^[\w.-]{1,100}$/.test(incoming) ? incoming : randomUUID();
    c.set("requestId", id);
    c.header("x-request-id", id);
    await next();
  });

/** spec 5: every route but authentication needs `Authorization: Bearer <token>`; the token decides team and mode. */
export const bearerAuth = (deps: ApiDeps) =>
  createMiddleware<ApiEnv>(async (c, next) => {
    const header = c.req.header("authorization") ?? "";
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!match) {
      c.header("WWW-Authenticate", 'Bearer realm="api"');
      return c.json(errorBody(401, "Missing bearer token", { error_code: "missing_token" }), 401);
    }
    const db = await deps.db();
    const context = await verifyToken(db, match[1]!);
    if (!context) {
      c.header("WWW-Authenticate", 'Bearer realm="api", error="invalid_token"');
      return c.json(errorBody(401, "Invalid or expired token", { error_code: "invalid_token" }), 401);
    }
    c.set("tenant", context);
    c.set("db", db);
    await next();
  });

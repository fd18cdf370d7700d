import { randomUUID } from "node:crypto";
import { type IncomingMessage, ServerResponse } from "node:http";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { verifyToken } from "../auth/verify-token";
import { errorBody } from "./errors";
import type { ApiDeps, ApiEnv } from "./types";

/** The Node request and response under a Hono context, when @hono/node-server serves it (absent in app.request()). */
export function nodeParts(c: Context): { incoming: IncomingMessage; outgoing: ServerResponse } | null {
  const env = c.env as { incoming?: IncomingMessage; outgoing?: ServerResponse } | undefined;
  return env?.incoming && env.outgoing instanceof ServerResponse ? { incoming: env.incoming, outgoing: env.outgoing } : null;
}

/** A request header, read from Node's parsed headers when there are some (no Web Headers built for it). */
export function requestHeader(c: Context, name: string): string | undefined {
  const node = nodeParts(c);
  if (!node) return c.req.header(name);
  const value = node.incoming.headers[name];
  return Array.isArray(value) ? value.join(", ") : value;
}

/**
 * Headers every response carries, whatever its handler returns. Under Node they go straight onto
 * the ServerResponse (kept by its writeHead, and overridden by a handler that sets the same name),
 * which spares a Web Headers object per request (issue 14); elsewhere through Hono's context.
 */
export function setResponseHeaders(c: Context, headers: ReadonlyArray<readonly [string, string]>): void {
  const node = nodeParts(c);
  if (node) {
    for (const [name, value] of headers) node.outgoing.setHeader(name, value);
  } else {
    for (const [name, value] of headers) c.header(name, value);
  }
}

/** The caller's request id if it is a sane one, else a new one. */
export function requestIdOf(c: Context): string {
  const incoming = requestHeader(c, "x-request-id");
  return incoming && /^[\w.-]{1,100}$/.test(incoming) ? incoming : randomUUID();
}

/** spec 5: every route but authentication needs `Authorization: Bearer <token>`; the token decides team and mode. */
export const bearerAuth = (deps: ApiDeps) =>
  createMiddleware<ApiEnv>(async (c, next) => {
    const header = requestHeader(c, "authorization") ?? "";
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

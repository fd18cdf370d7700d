import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { accessTokenSchema, authenticateRequestSchema } from "@/lib/contract";
import { issueToken } from "../../auth/issue-token";
import { trustedClientIp } from "../../security/client-ip";
import { limitSignIn } from "../../security/limit-sign-in";
import { DEFAULT_RATE_LIMITS } from "../../security/rate-limit-settings";
import { FailureError, orFail } from "../errors";
import { errors, json, jsonBody } from "../route-helpers";
import type { ApiDeps, ApiEnv } from "../types";

export function registerAuthRoutes(app: OpenAPIHono<ApiEnv>, deps: ApiDeps) {
  // POST /api/v2/authenticate (alias /api/v1/authenticate) – client credentials → bearer token
  for (const version of ["v2", "v1"] as const) {
    app.openapi(
      createRoute({
        method: "post",
        path: `/api/${version}/authenticate`,
        tags: ["Authentication"],
        summary: version === "v2" ? "Create an access token" : "Create an access token (v1 alias)",
        description:
          "Exchanges client credentials for an opaque bearer token valid for at most 24 hours. A secret starting `sandbox-` yields a sandbox token. " +
          "After repeated failures for one client id from one address, or from one address for any client ids, each further try from that address waits longer (429 with `Retry-After`); " +
          "failures elsewhere never delay a client's sign-in from its own address.",
        request: { body: jsonBody(authenticateRequestSchema) },
        responses: { 201: json(accessTokenSchema, "Token issued"), 400: errors[400], 401: errors[401], 429: errors[429] },
      }),
      async (c) => {
        const body = c.req.valid("json");
        const db = await deps.db();
        // Issue 15: a growing delay after failed attempts, per address and per client id from that
        // address (issue 27: knowing a client id must not let anyone hold back its tokens).
        const attempt = {
          door: "api" as const,
          account: body.client_id,
          ip: trustedClientIp(c.req.raw.headers),
          accountPerAddress: true,
          settings: (deps.rateLimits ?? DEFAULT_RATE_LIMITS).failures,
          now: deps.now?.(),
        };
        const token = orFail(
          await limitSignIn(db, attempt, async () => {
            const issued = await issueToken(db, {
              clientId: body.client_id,
              clientSecret: body.client_secret,
              ttlSeconds: deps.tokenTtlSeconds,
            });
            if (issued.ok) return issued.value;
            if (issued.error.kind === "unauthenticated") return null;
            throw new FailureError(issued.error);
          }),
        );
        if (!token) throw new FailureError({ kind: "unauthenticated", message: "Invalid client credentials", code: "invalid_client" });
        c.header("Cache-Control", "no-store");
        return c.json({ access_token: token.accessToken, expires_at: token.expiresAt.toISOString() }, 201);
      },
    );
  }
}

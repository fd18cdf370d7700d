import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { accessTokenSchema, authenticateRequestSchema } from "@/lib/contract";
import { issueToken } from "../../auth/issue-token";
import { orFail } from "../errors";
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
        description: "Exchanges client credentials for an opaque bearer token valid for at most 24 hours. A secret starting `sandbox-` yields a sandbox token.",
        request: { body: jsonBody(authenticateRequestSchema) },
        responses: { 201: json(accessTokenSchema, "Token issued"), 400: errors[400], 401: errors[401] },
      }),
      async (c) => {
        const body = c.req.valid("json");
        const token = orFail(
          await issueToken(await deps.db(), { clientId: body.client_id, clientSecret: body.client_secret, ttlSeconds: deps.tokenTtlSeconds }),
        );
        c.header("Cache-Control", "no-store");
        return c.json({ access_token: token.accessToken, expires_at: token.expiresAt.toISOString() }, 201);
      },
    );
  }
}

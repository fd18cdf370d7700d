import { OpenAPIHono } from "@hono/zod-openapi";
import { bodyLimit } from "hono/body-limit";
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { errorBody, FailureError, failureResponse, fieldErrors, unstorableText } from "./errors";
import { bearerAuth, nodeParts, requestHeader, requestIdOf, setResponseHeaders } from "./middleware";
import { errors } from "./route-helpers";
import { registerAccountRoutes } from "./routes/accounts";
import { registerAdverseMediaRoutes } from "./routes/adverse-media";
import { ARTEFACT_DOWNLOAD_PATH, registerArtefactRoutes } from "./routes/artefacts";
import { registerAuthRoutes } from "./routes/auth";
import { registerCoverageRoutes } from "./routes/coverage";
import { registerFlowRoutes } from "./routes/flows";
import { registerHealthRoutes } from "./routes/health";
import { registerLookupRoutes } from "./routes/lookup";
import { registerRiskRoutes } from "./routes/risk";
import { registerSmartLookupRoutes } from "./routes/smart-lookups";
import { registerTeamRoutes } from "./routes/team";
import { registerSandboxWebhookRoutes } from "./routes/sandbox-webhooks";
import { registerVerificationRoutes } from "./routes/verifications";
import { registerVerifyRoutes } from "./routes/verify";
import { registerWebhookRoutes } from "./routes/webhooks";
import { apiRateLimit } from "../security/api-rate-limit";
import type { ApiDeps, ApiEnv } from "./types";

const JSON_BODY_LIMIT = 1024 * 1024;

// Routes reachable without a bearer token.
const PUBLIC_PATHS = new Set(["/api/v1/health", "/api/v1/authenticate", "/api/v2/authenticate", "/api/openapi.json"]);

export const OPENAPI_INFO = {
  title: "Identity verification and fraud-risk API",
  version: "1.0.0",
  description:
    "Verification cases with a hosted end-user flow, fraud-risk assessment, address lookup, monitored accounts and signed webhooks. " +
    "Authenticate with client credentials; a secret starting `sandbox-` gives sandbox tokens with canned answers.",
};

const SECURITY_HEADERS = [
  ["X-Content-Type-Options", "nosniff"],
  ["X-Frame-Options", "DENY"],
  ["Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'"],
  ["Referrer-Policy", "no-referrer"],
] as const;

/** Over https, HSTS as well. */
const SECURE_HEADERS = [...SECURITY_HEADERS, ["Strict-Transport-Security", "max-age=31536000; includeSubDomains"]] as const;

/** Whether the request came over TLS: under Node from its socket (no URL built for it), else from its URL. */
function isHttps(c: Context<ApiEnv>): boolean {
  const node = nodeParts(c);
  return node ? (node.incoming.socket as { encrypted?: boolean }).encrypted === true : c.req.url.startsWith("https:");
}

/** A step of the API's gate that answered (401, 413, 429): its response is the request's. */
function answerWith(c: Context<ApiEnv>, response: unknown): void {
  if (response instanceof Response) c.res = response;
}

/** The service's REST API: a Hono app whose routes are declared with the contract's schemas. */
export function createApiApp(deps: ApiDeps) {
  const app = new OpenAPIHono<ApiEnv>({
    // A request that fails its schema: 400 with `error_detail` keyed by field path.
    defaultHook: (result, c) => {
      if (!result.success) {
        return c.json(errorBody(400, "Invalid request", { error_detail: fieldErrors(result.error) }), 400);
      }
      const unstorable = unstorableText(result.data);
      if (Object.keys(unstorable).length > 0) return c.json(errorBody(400, "Invalid request", { error_detail: unstorable }), 400);
    },
  });

  // A JSON body is read into memory whole: past 1 MiB it is refused before it is (uploads are
  // multipart, with their own per-file limits).
  const jsonLimit = bodyLimit({
    maxSize: JSON_BODY_LIMIT,
    onError: (c) =>
      failureResponse(c, {
        kind: "too_large",
        message: `A JSON body may be at most ${JSON_BODY_LIMIT / 1024} KiB`,
        code: "body_too_large",
      }),
  });
  const authenticate = bearerAuth(deps);
  // After authentication: the budget belongs to the token's credential (issue 15).
  const rateLimit = apiRateLimit(deps);
  // One middleware in order: request id, security headers, JSON size limit, bearer token, rate
  // limit. Each middleware is an async frame and a promise in Hono's chain (four empty ones cost
  // a sixth of a canned read's throughput, issue 14), so the steps are plain calls here.
  app.use("*", async (c, next) => {
    const id = requestIdOf(c);
    c.set("requestId", id);
    // JSON only, never framed, never sniffed, no referrer (issue 15); over https, HSTS. Set before
    // the handler runs, so they are part of the response it builds: a header added to a finished
    // response makes Hono rebuild it as a stream (half the cost of a canned read, issue 14).
    const https = requestHeader(c, "x-forwarded-proto") === "https" || isHttps(c);
    setResponseHeaders(c, https ? SECURE_HEADERS : SECURITY_HEADERS);
    setResponseHeaders(c, [["x-request-id", id]]);
    const path = c.req.path;
    const isPublic = PUBLIC_PATHS.has(path) || ARTEFACT_DOWNLOAD_PATH.test(path);
    const type = requestHeader(c, "content-type");
    // Inline arrows, not named consts: tsx names every named closure it creates, per request.
    answerWith(
      c,
      await (type && /json/i.test(type)
        ? jsonLimit(c, async () =>
            answerWith(c, await (isPublic ? next() : authenticate(c, async () => answerWith(c, await rateLimit(c, next))))),
          )
        : isPublic
          ? next()
          : authenticate(c, async () => answerWith(c, await rateLimit(c, next)))),
    );
    // Outside Node (app.request), a handler that returned a Response of its own skipped the
    // prepared headers; under Node they sit on the ServerResponse whatever it returned.
    if (!nodeParts(c) && !c.res.headers.has("x-content-type-options")) setResponseHeaders(c, https ? SECURE_HEADERS : SECURITY_HEADERS);
  });

  app.openAPIRegistry.registerComponent("securitySchemes", "bearerAuth", {
    type: "http",
    scheme: "bearer",
    description: "Token from POST /api/v2/authenticate",
  });

  registerHealthRoutes(app, deps);
  registerAuthRoutes(app, deps);
  registerVerificationRoutes(app, deps);
  registerLookupRoutes(app);
  registerCoverageRoutes(app);
  registerFlowRoutes(app);
  registerArtefactRoutes(app, deps);
  registerTeamRoutes(app, deps);
  registerSmartLookupRoutes(app);
  registerAdverseMediaRoutes(app);
  registerAccountRoutes(app);
  registerRiskRoutes(app, deps);
  registerVerifyRoutes(app);
  registerSandboxWebhookRoutes(app, deps);
  registerWebhookRoutes(app, deps);

  // Every call made with a token counts against its credential's rate limit (issue 15).
  for (const definition of app.openAPIRegistry.definitions) {
    if (definition.type !== "route") continue;
    if (definition.route.security?.length) definition.route.responses[429] ??= errors[429];
    if (definition.route.request?.body) definition.route.responses[413] ??= errors[413];
  }

  app.doc31("/api/openapi.json", {
    openapi: "3.1.0",
    info: OPENAPI_INFO,
    servers: [{ url: deps.publicBaseUrl }],
  });

  app.notFound((c) => c.json(errorBody(404, `No route for ${c.req.method} ${c.req.path}`), 404));

  app.onError((error, c) => {
    if (error instanceof FailureError) return failureResponse(c, error.failure);
    if (error instanceof HTTPException) {
      // The body-type gate answers 415 for a JSON route sent another type; the wire contract
      // says a wrong request content type is a 400 (415 is kept for uploads).
      if (error.status === 415) {
        return c.json(
          errorBody(400, "Unsupported Content-Type for this route", { error_detail: { "content-type": "Must be application/json" } }),
          400,
        );
      }
      if (error.status === 400 && /json/i.test(error.message)) {
        return c.json(errorBody(400, "Malformed JSON in request body", { error_detail: { body: "Malformed JSON" } }), 400);
      }
      return c.json(errorBody(error.status, error.message || "Request failed"), error.status);
    }
    const id = c.get("requestId");
    // A 500 never carries internal text; the log line has it, keyed by the same request id.
    console.error(`[api] ${c.req.method} ${c.req.path} failed (request ${id})`, error);
    return c.json(errorBody(500, `Internal error (request id ${id})`, { error_code: "internal_error" }), 500);
  });

  return app;
}

export type ApiApp = ReturnType<typeof createApiApp>;

/** The OpenAPI 3.1 document, for pages that render it without going over HTTP. */
export function buildOpenApiDocument(publicBaseUrl: string) {
  const app = createApiApp({
    db: () => Promise.reject(new Error("no database")),
    publicBaseUrl,
    tokenTtlSeconds: 86_400,
    version: "docs",
    webhookAllowLoopback: false,
  });
  return app.getOpenAPI31Document({ openapi: "3.1.0", info: OPENAPI_INFO, servers: [{ url: publicBaseUrl }] });
}

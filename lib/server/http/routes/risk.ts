import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { bodyLimit } from "hono/body-limit";
import { createMiddleware } from "hono/factory";
import { riskAssessmentResponseSchema, riskQuerySchema, riskRequestSchema } from "@/lib/contract";
import { assessRisk } from "../../risk/assess-risk";
import { errorBody, orFail } from "../errors";
import { bearer, errors, json } from "../route-helpers";
import type { ApiDeps, ApiEnv } from "../types";

/** The whole request: a 10 MB face_scan (spec 8) plus the text fields, with room to spare. */
const REQUEST_MAX_BYTES = 11 * 1024 * 1024;

// The form validator's body-type gate accepts exactly this (and url-encoded forms, which this
// route does not take); checked here first because the gate's refusal speaks of JSON routes.
const MULTIPART = /^multipart\/form-data(;\s?boundary=[a-zA-Z0-9'"()+_,\-./:=?]+)?$/i;

const requireMultipart = createMiddleware<ApiEnv>(async (c, next) => {
  if (!MULTIPART.test(c.req.header("content-type") ?? "")) {
    return c.json(errorBody(400, "This endpoint takes a multipart/form-data body", { error_detail: { "content-type": "Must be multipart/form-data" } }), 400);
  }
  await next();
});

// Refuses by Content-Length at once, or counts a streamed body, so nothing larger is buffered.
const limitBody = bodyLimit({
  maxSize: REQUEST_MAX_BYTES,
  onError: (c) => c.json(errorBody(413, "Request body is larger than 11 MB", { error_detail: { body: `Must be at most ${REQUEST_MAX_BYTES} bytes` } }), 413),
});

// Parsed once here (the form validator reuses it) so a broken body, or a field sent twice, is a
// 400 in the error shape rather than an exception or a confusing "received array".
const readMultipart = createMiddleware<ApiEnv>(async (c, next) => {
  let keys: string[];
  try {
    keys = [...(await c.req.formData()).keys()];
  } catch {
    return c.json(errorBody(400, "Malformed multipart/form-data body", { error_detail: { body: "Malformed multipart/form-data" } }), 400);
  }
  const repeated = keys.filter((key, i) => keys.indexOf(key) !== i);
  if (repeated.length > 0) {
    const detail = Object.fromEntries(repeated.map((key) => [key, "Must be sent once"]));
    return c.json(errorBody(400, "Invalid request", { error_detail: detail }), 400);
  }
  await next();
});

export function registerRiskRoutes(app: OpenAPIHono<ApiEnv>, _deps: ApiDeps) {
  // POST /api/v2/risk – assess a person's risk
  app.openapi(
    createRoute({
      method: "post",
      path: "/api/v2/risk",
      tags: ["Risk"],
      summary: "Assess risk",
      description:
        "Scores a person from name, email, date of birth and optional address, phone, face scan and enrichments. " +
        "The headline response carries `risk_score` and `recommendation`; `?report=radar` returns the experimental fraud-signal report instead. " +
        "Live: the fraud-signal engine (blocklist, email linked to other identities, email velocity, face linked to other identities) and the requested enrichments, " +
        "scored by a transparent model explained in `metadata.score_factors`. " +
        "Sandbox: the email decides the outcome (`+reject`, `+review`, otherwise CLEAR).",
      security: bearer,
      middleware: [requireMultipart, limitBody, readMultipart] as const,
      request: {
        query: riskQuerySchema,
        body: { required: true, content: { "multipart/form-data": { schema: riskRequestSchema } } },
      },
      responses: {
        201: json(riskAssessmentResponseSchema, "Assessment made (RiskResponse, or RiskRadarResponse with `report=radar`)"),
        400: errors[400],
        401: errors[401],
        413: errors[413],
        415: errors[415],
      },
    }),
    async (c) => {
      const assessed = await assessRisk(c.get("db"), {
        tenant: c.get("tenant"),
        request: c.req.valid("form"),
        report: c.req.valid("query").report === "radar" ? "radar" : "headline",
      });
      return c.json(orFail(assessed), 201);
    },
  );
}

import type { OpenAPIHono } from "@hono/zod-openapi";
import { riskAssessmentResponseSchema, riskQuerySchema, riskRequestSchema } from "@/lib/contract";
import { assessRisk } from "../../risk/assess-risk";
import { orFail } from "../errors";
import { multipartForm } from "../multipart";
import { json, teamRoute } from "../route-helpers";
import type { ApiDeps, ApiEnv } from "../types";

/** The whole request: a 10 MB face_scan (spec 8) plus the text fields, with room to spare. */
const REQUEST_MAX_BYTES = 11 * 1024 * 1024;

const riskForm = multipartForm(REQUEST_MAX_BYTES);

export function registerRiskRoutes(app: OpenAPIHono<ApiEnv>, _deps: ApiDeps) {
  // POST /api/v2/risk – assess a person's risk
  app.openapi(
    teamRoute({
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
      middleware: riskForm,
      request: {
        query: riskQuerySchema,
        body: { required: true, content: { "multipart/form-data": { schema: riskRequestSchema } } },
      },
      responses: {
        201: json(riskAssessmentResponseSchema, "Assessment made (RiskResponse, or RiskRadarResponse with `report=radar`)"),
      },
      refuses: [413, 415],
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

import type { OpenAPIHono } from "@hono/zod-openapi";
import { adverseMediaRequestSchema, adverseMediaResponseSchema } from "@/lib/contract";
import { checkAdverseMedia } from "../../adverse-media/check-adverse-media";
import { orFail } from "../errors";
import { json, jsonBody, teamRoute } from "../route-helpers";
import type { ApiEnv } from "../types";

export function registerAdverseMediaRoutes(app: OpenAPIHono<ApiEnv>) {
  // POST /api/v1/adverse-media – news articles naming a person, scored for adversity
  app.openapi(
    teamRoute({
      method: "post",
      path: "/api/v1/adverse-media",
      tags: ["Risk"],
      summary: "Adverse media",
      description:
        "Screens the person's name (transliteration-aware, as AML screening) against the deployment's news corpus. Each article naming them is scored 0–100: " +
        "how surely it names them × how adverse the text around the name is (crimes, sanctions, regulatory action; acquittals count against), plus 5 when it names `location`. " +
        "FAIL when any score reaches `threshold` (default 70): those are `strong_matches`. Live: 503 when no corpus has been imported. " +
        "Sandbox: the built-in sample corpus (e.g. Tomasz Nowak fails, David Thornbury passes).",
      request: { body: jsonBody(adverseMediaRequestSchema) },
      responses: { 200: json(adverseMediaResponseSchema, "The screening") },
      refuses: [503],
    }),
    async (c) => c.json(orFail(await checkAdverseMedia(c.get("db"), c.get("tenant"), c.req.valid("json"))), 200),
  );
}

import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import { artefactKeyParamSchema, artefactLinkSchema } from "@/lib/contract";
import { createArtefactLink, openArtefactLink } from "../../evidence/artefact-links";
import { evidenceResponseType } from "../../evidence/serve-evidence";
import { failureResponse, orFail } from "../errors";
import { errors, json, teamRoute } from "../route-helpers";
import type { ApiDeps, ApiEnv } from "../types";

/** The download path is reachable without a bearer token: its signature is the credential. */
export const ARTEFACT_DOWNLOAD_PATH = /^\/api\/v1\/artefacts\/[^/]+\/download$/;

export function registerArtefactRoutes(app: OpenAPIHono<ApiEnv>, deps: ApiDeps) {
  // GET /api/v1/artefacts/{key} – a time-limited download link for one evidence file
  app.openapi(
    teamRoute({
      method: "get",
      path: "/api/v1/artefacts/{key}",
      tags: ["Artefacts"],
      summary: "Artefact download link",
      description:
        "Exchanges an artefact key from a verification record's `artefacts` for a signed download URL valid for 5 minutes. " +
        "Only the token's team and mode: another team's key is 404. In sandbox the canned records' keys (`sandbox/passport.jpg`, …) give sample files.",
      request: { params: artefactKeyParamSchema },
      responses: { 200: json(artefactLinkSchema, "The download link") },
      refuses: [404],
    }),
    async (c) => {
      const link = await createArtefactLink(c.get("db"), c.get("tenant"), c.req.valid("param").key, { publicBaseUrl: deps.publicBaseUrl });
      return c.json(orFail(link), 200);
    },
  );

  // GET /api/v1/artefacts/{key}/download – the file, for a link made above
  app.openapi(
    createRoute({
      method: "get",
      path: "/api/v1/artefacts/{key}/download",
      tags: ["Artefacts"],
      summary: "Download an artefact",
      description:
        "The evidence file behind a signed link from `GET /api/v1/artefacts/{key}`; no bearer token. A forged, altered or expired link is 403.",
      security: [],
      request: {
        params: artefactKeyParamSchema,
        query: z.object({ expires: z.string().max(20).optional(), signature: z.string().max(100).optional() }),
      },
      responses: {
        200: {
          description: "The file (image/jpeg, image/png or application/pdf)",
          content: { "application/octet-stream": { schema: { type: "string", format: "binary" } } },
        },
        400: errors[400],
        403: errors[403],
      },
    }),
    async (c) => {
      const opened = await openArtefactLink(await deps.db(), c.req.valid("param").key, c.req.valid("query"));
      if (!opened.ok) return failureResponse(c, opened.error) as never;
      const file = opened.value;
      const { contentType, extension } = evidenceResponseType(file.mimeType);
      return c.body(new Uint8Array(file.bytes), 200, {
        "content-type": contentType,
        "content-length": String(file.bytes.length),
        // Personal data: no shared cache keeps it; the link's own expiry bounds the browser's copy.
        "cache-control": "private, max-age=300",
        "content-disposition": `attachment; filename="artefact.${extension}"`,
      }) as never;
    },
  );
}

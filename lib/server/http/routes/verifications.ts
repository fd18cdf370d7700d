import type { OpenAPIHono } from "@hono/zod-openapi";
import {
  createVerificationRequestSchema,
  createVerificationResponseSchema,
  verificationIdParamsSchema,
  verificationListQuerySchema,
  verificationListSchema,
  verificationRecordSchema,
} from "@/lib/contract";
import { createVerification } from "../../verifications/create-verification";
import { getVerification } from "../../verifications/get-verification";
import { listVerifications } from "../../verifications/list-verifications";
import { cachedJson, JSON_HEADERS } from "../cached-json";
import { orFail } from "../errors";
import { apiActor, json, jsonBody, teamRoute } from "../route-helpers";
import type { ApiDeps, ApiEnv } from "../types";

export function registerVerificationRoutes(app: OpenAPIHono<ApiEnv>, deps: ApiDeps) {
  // POST /api/v1/verifications (alias /api/v2/verifications) – open a case, get the hosted URL
  for (const version of ["v1", "v2"] as const) {
    app.openapi(
      teamRoute({
        method: "post",
        path: `/api/${version}/verifications`,
        tags: ["Verifications"],
        summary: version === "v1" ? "Request a verification" : "Request a verification (v2 alias)",
        request: { body: jsonBody(createVerificationRequestSchema) },
        responses: { 201: json(createVerificationResponseSchema, "Case created") },
      }),
      async (c) => {
        const tenant = c.get("tenant");
        const created = await createVerification(c.get("db"), {
          tenant,
          input: c.req.valid("json"),
          actor: apiActor(tenant),
          publicBaseUrl: deps.publicBaseUrl,
        });
        return c.json(orFail(created), 201);
      },
    );
  }

  // GET /api/v2/verifications/{id} (alias /api/v1/…) – read a verification record
  for (const version of ["v2", "v1"] as const) {
    app.openapi(
      teamRoute({
        method: "get",
        path: `/api/${version}/verifications/{id}`,
        tags: ["Verifications"],
        summary: version === "v2" ? "Read a verification" : "Read a verification (v1 alias)",
        request: { params: verificationIdParamsSchema },
        responses: { 200: json(verificationRecordSchema, "The verification record") },
        refuses: [404],
      }),
      async (c) => {
        const record = await getVerification(c.get("db"), c.get("tenant"), c.req.valid("param").id);
        const value = orFail(record);
        const cached = cachedJson(value);
        // Same bytes as c.json would send; `never` because c.body is not typed per route.
        if (cached) return c.body(cached, 200, JSON_HEADERS) as never;
        return c.json(value, 200);
      },
    );
  }

  // GET /api/v1/verifications – the tenant's cases, newest first, with a cursor
  app.openapi(
    teamRoute({
      method: "get",
      path: "/api/v1/verifications",
      tags: ["Verifications"],
      summary: "List verifications",
      description:
        "Stored cases of the token's team and mode, newest first, as a bare JSON array (as the real API answers). " +
        'When more remain, the `X-Next-Cursor` header (and a `Link` header with `rel="next"`) carries the cursor: pass it as `cursor`.',
      request: { query: verificationListQuerySchema },
      responses: {
        200: {
          ...json(verificationListSchema, "A page of verification records"),
          headers: {
            "X-Next-Cursor": { schema: { type: "string" }, description: "Cursor of the next page; absent on the last page" },
            Link: { schema: { type: "string" }, description: 'RFC 8288 link to the next page (`rel="next"`); absent on the last page' },
          },
        },
      },
    }),
    async (c) => {
      const query = c.req.valid("query");
      const page = orFail(await listVerifications(c.get("db"), c.get("tenant"), query));
      if (page.nextCursor) {
        const next = new URL(c.req.url);
        next.searchParams.set("cursor", page.nextCursor);
        c.header("X-Next-Cursor", page.nextCursor);
        c.header("Link", `<${next.pathname}${next.search}>; rel="next"`);
      }
      return c.json(page.verifications, 200);
    },
  );
}

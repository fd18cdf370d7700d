import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "@/lib/server/http/app";
import { call, createTestApi } from "../support/api";
import { createTestDatabase } from "../support/db";

describe("OpenAPI document", () => {
  it("GET /api/openapi.json is a valid OpenAPI 3.1 document, served without a token", async () => {
    const database = await createTestDatabase("pglite");
    try {
      const res = await call(createTestApi(database.db), "GET", "/api/openapi.json");
      expect(res.status).toBe(200);
      expect(res.body.openapi).toBe("3.1.0");
      const validator = new Validator();
      const result = await validator.validate(res.body);
      expect(result.errors ?? []).toEqual([]);
      expect(result.valid).toBe(true);
      expect(validator.version).toBe("3.1");
    } finally {
      await database.dispose();
    }
  });

  it("documents every route with its schemas, security and error shape", () => {
    const doc = buildOpenApiDocument("http://idv.test") as unknown as {
      paths: Record<string, Record<string, { security?: unknown[]; responses: Record<string, unknown>; requestBody?: unknown }>>;
      components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> };
    };
    expect(Object.keys(doc.paths).sort()).toEqual(
      [
        "/api/v1/authenticate",
        "/api/v1/health",
        "/api/v1/verifications",
        "/api/v1/verifications/{id}",
        "/api/v1/verifications/{id}/webhooks",
        "/api/v1/smart-lookups/postcode",
        "/api/v1/alerts/accounts",
        "/api/v1/alerts/accounts/{id}",
        "/api/v1/alerts/accounts/{id}/acknowledge",
        "/api/v1/alerts/accounts/{id}/webhooks",
        "/api/v2/authenticate",
        "/api/v2/risk",
        "/api/v2/verifications",
        "/api/v2/verifications/{id}",
        "/api/v1/webhooks/messages",
        "/api/v1/webhooks/messages/{id}",
        "/api/v1/webhooks/messages/{id}/replay",
        "/api/v1/webhooks/replay",
        "/api/v1/coverage",
        "/api/v1/verify/photo-id",
        "/api/v1/verify/supporting-documents",
        "/api/v1/flows",
        "/api/v1/flows/{id}",
        "/api/v1/artefacts/{key}",
        "/api/v1/artefacts/{key}/download",
        "/api/v1/team",
        "/api/v1/smart-lookups",
        "/api/v1/verify/evisa",
        "/api/v1/adverse-media",
      ].sort(),
    );
    expect(doc.components.securitySchemes).toHaveProperty("bearerAuth");
    expect(doc.components.schemas).toHaveProperty("Error");
    expect(doc.components.schemas).toHaveProperty("Verification");
    expect(doc.paths["/api/v2/authenticate"]!.post!.responses).toHaveProperty("201");
    expect(doc.paths["/api/v1/verifications"]!.post!.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.paths["/api/v1/verifications"]!.post!.requestBody).toBeDefined();
    expect(doc.paths["/api/v2/verifications/{id}"]!.get!.responses).toHaveProperty("404");
  });
});

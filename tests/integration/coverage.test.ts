import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, createTestApi, seedTeam, tokenFor, type TestApi } from "../support/api";
import { createTestDatabase, type TestDatabase } from "../support/db";

// GET /api/v1/coverage: the real API's ListCoverageResponse (real-api.md), written out here.
const COVERAGE_TYPES = ["DIGITAL_ID", "PHOTO_ID", "SUPPORTING_DOCUMENT", "DATA_SOURCE"];

let database: TestDatabase;
let app: TestApi;
let tokens: string[];

beforeAll(async () => {
  database = await createTestDatabase("pglite");
  app = createTestApi(database.db);
  const seeded = await seedTeam(database.db, "Coverage Ltd");
  tokens = [await tokenFor(app, seeded.live), await tokenFor(app, seeded.sandbox)];
});
afterAll(async () => database?.dispose());

describe("GET /api/v1/coverage", () => {
  it("answers a bare array of CoverageItem in both modes", async () => {
    for (const token of tokens) {
      const res = await call(app, "GET", "/api/v1/coverage", { token });
      expect(res.status).toBe(200);
      expect(Array.isArray(res.body)).toBe(true);
      for (const item of res.body as unknown as Record<string, unknown>[]) {
        expect(Object.keys(item).sort()).toEqual(["country_codes", "id", "image", "name", "type"]);
        expect(COVERAGE_TYPES).toContain(item.type);
        expect((item.country_codes as string[]).every((c) => /^[A-Z]{2}$/.test(c))).toBe(true);
      }
      const byId = Object.fromEntries(
        (res.body as unknown as { id: string; country_codes: string[]; type: string }[]).map((i) => [i.id, i]),
      );
      expect(byId.passport).toMatchObject({ type: "PHOTO_ID", country_codes: expect.arrayContaining(["GB", "FR", "NG", "JP"]) });
      expect(byId.driving_licence).toMatchObject({ type: "PHOTO_ID", country_codes: ["GB"] });
      expect(byId.utility_bill).toMatchObject({ type: "SUPPORTING_DOCUMENT", country_codes: ["GB"] });
    }
  });

  it("needs a token", async () => {
    expect((await call(app, "GET", "/api/v1/coverage")).status).toBe(401);
  });
});

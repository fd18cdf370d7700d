import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "@/lib/server/http/app";
import { call, createTestApi, seedTeam, tokenFor, type TestApi } from "../support/api";
import { createTestDatabase, type TestDatabase } from "../support/db";

// Issue 16: every operation of ../shared/spec/real-api.md ("Operations and their status codes"),
// pinned here as literal data, is served with the success status that table gives, needs a token,
// and answers in its documented error shape. Each operation's own shapes are checked in its suite:
// verifications.test.ts, verify-*.test.ts, evisa, team, smart-lookups, lookup, flows, coverage,
// artefacts, accounts and adverse-media tests.
const OPERATIONS: { method: string; path: string; success: number; example: string }[] = [
  { method: "POST", path: "/api/v1/authenticate", success: 201, example: "/api/v1/authenticate" },
  { method: "POST", path: "/api/v2/authenticate", success: 201, example: "/api/v2/authenticate" },
  { method: "POST", path: "/api/v1/verifications", success: 201, example: "/api/v1/verifications" },
  { method: "GET", path: "/api/v1/verifications", success: 200, example: "/api/v1/verifications?status=Verified" },
  { method: "GET", path: "/api/v1/verifications/{id}", success: 200, example: "/api/v1/verifications/333" },
  { method: "POST", path: "/api/v1/verify/photo-id", success: 200, example: "/api/v1/verify/photo-id" },
  { method: "POST", path: "/api/v1/verify/supporting-documents", success: 200, example: "/api/v1/verify/supporting-documents" },
  { method: "POST", path: "/api/v1/verify/evisa", success: 200, example: "/api/v1/verify/evisa" },
  { method: "POST", path: "/api/v1/team", success: 200, example: "/api/v1/team" },
  { method: "GET", path: "/api/v1/team", success: 200, example: "/api/v1/team" },
  { method: "POST", path: "/api/v1/smart-lookups", success: 201, example: "/api/v1/smart-lookups" },
  { method: "GET", path: "/api/v1/smart-lookups/postcode", success: 200, example: "/api/v1/smart-lookups/postcode?postcode=NW1%206XE" },
  { method: "GET", path: "/api/v1/flows", success: 200, example: "/api/v1/flows" },
  { method: "GET", path: "/api/v1/flows/{id}", success: 200, example: "/api/v1/flows/sandbox-flow" },
  { method: "GET", path: "/api/v1/coverage", success: 200, example: "/api/v1/coverage" },
  { method: "GET", path: "/api/v1/artefacts/{key}", success: 200, example: "/api/v1/artefacts/sandbox%2Fpassport.jpg" },
  { method: "GET", path: "/api/v1/alerts/accounts", success: 200, example: "/api/v1/alerts/accounts?status=new" },
  { method: "GET", path: "/api/v1/alerts/accounts/{id}", success: 200, example: "/api/v1/alerts/accounts/sl_sandbox_001" },
  { method: "PATCH", path: "/api/v1/alerts/accounts/{id}", success: 200, example: "/api/v1/alerts/accounts/sl_sandbox_001" },
  { method: "POST", path: "/api/v1/adverse-media", success: 200, example: "/api/v1/adverse-media" },
];

let database: TestDatabase;
let app: TestApi;
let sandbox: string;

beforeAll(async () => {
  database = await createTestDatabase("pglite");
  app = createTestApi(database.db);
  const acme = await seedTeam(database.db, "Parity Acme");
  sandbox = await tokenFor(app, acme.sandbox);
});
afterAll(async () => database?.dispose());

describe("every operation of the real vendor API", () => {
  it("is in the OpenAPI document with the real API's success status", () => {
    const doc = buildOpenApiDocument("http://idv.test") as unknown as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    const missing = OPERATIONS.filter((op) => !doc.paths[op.path]?.[op.method.toLowerCase()]).map((op) => `${op.method} ${op.path}`);
    expect(missing).toEqual([]);
    for (const op of OPERATIONS) {
      const successes = Object.keys(doc.paths[op.path]![op.method.toLowerCase()]!.responses).filter((code) => code.startsWith("2"));
      expect(successes, `${op.method} ${op.path}`).toEqual([String(op.success)]);
    }
  });

  it("answers 401 in the error shape without a token (authentication aside)", async () => {
    for (const op of OPERATIONS.filter((o) => !o.path.endsWith("/authenticate"))) {
      const res = await call(app, op.method, op.example, op.method === "GET" ? {} : { json: {} });
      expect(res.status, `${op.method} ${op.example}`).toBe(401);
      expect(res.body, `${op.method} ${op.example}`).toMatchObject({ status_code: 401, message: expect.any(String) });
    }
  });

  it("answers a sandbox token on every read with the success status, never a route-not-found", async () => {
    for (const op of OPERATIONS.filter((o) => o.method === "GET")) {
      const res = await call(app, "GET", op.example, { token: sandbox });
      expect(res.status, `GET ${op.example}`).toBe(op.success);
    }
  });

  it("reads the real API's lower-case account status filter (spec 4.10's sandbox accounts)", async () => {
    const acknowledged = await call(app, "GET", "/api/v1/alerts/accounts?status=acknowledged", { token: sandbox });
    expect(acknowledged.body.accounts.map((a: { id: string; status: string }) => [a.id, a.status])).toEqual([
      ["sl_sandbox_002", "Acknowledged"],
    ]);
    const fresh = await call(app, "GET", "/api/v1/alerts/accounts?status=NEW", { token: sandbox });
    expect(fresh.body.accounts.map((a: { id: string }) => a.id)).toEqual(["sl_sandbox_001"]);
    expect((await call(app, "GET", "/api/v1/alerts/accounts?status=closed", { token: sandbox })).status).toBe(400);
  });
});

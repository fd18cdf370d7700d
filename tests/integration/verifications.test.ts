import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createVerificationResponseSchema, errorSchema, verificationRecordSchema } from "@/lib/contract";
import { auditLog, verificationEvents } from "@/lib/db/schema";
import { BASE_URL, call, createTestApi, seedTeam, tokenFor, type TestApi } from "../support/api";
import { createTestDatabase, describeEngines, type TestDatabase } from "../support/db";

describeEngines("verifications on %s", (engine) => {
  let database: TestDatabase;
  let app: TestApi;
  let live: string;
  let sandbox: string;
  let otherTeam: string;
  let teamId: string;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    app = createTestApi(database.db);
    const acme = await seedTeam(database.db, "Acme", { defaultRedirectUrl: "https://acme.example/return" });
    const globex = await seedTeam(database.db, "Globex");
    teamId = acme.team.id;
    live = await tokenFor(app, acme.live);
    sandbox = await tokenFor(app, acme.sandbox);
    otherTeam = await tokenFor(app, globex.live);
  });
  afterAll(() => database.dispose());

  it("creates a case (201) with a hosted URL that carries a token, not the id", async () => {
    const res = await call(app, "POST", "/api/v1/verifications", {
      token: live,
      json: { email: "jane@example.com", workflow_id: "sandbox-flow", redirect_url: "https://acme.example/done", external_id: "app-1" },
    });
    expect(res.status).toBe(201);
    const body = createVerificationResponseSchema.parse(res.body);
    expect(body.workflow_id).toBe("sandbox-flow");
    expect(body.flow_id).toBe("sandbox-flow");
    expect(body.url.startsWith(`${BASE_URL}/verify/`)).toBe(true);
    const token = body.url.split("/verify/")[1]!;
    expect(token).not.toContain(body.id);
    expect(token.length).toBeGreaterThanOrEqual(32);
    const lifetime = Date.parse(body.expires_at) - Date.now();
    expect(lifetime).toBeGreaterThan(6.9 * 24 * 3600 * 1000);

    for (const version of ["v1", "v2"]) {
      const read = await call(app, "GET", `/api/${version}/verifications/${body.id}`, { token: live });
      expect(read.status).toBe(200);
      const record = verificationRecordSchema.parse(read.body);
      expect(record).toMatchObject({
        id: body.id,
        email: "jane@example.com",
        status: "InProgress",
        redirect_url: "https://acme.example/done",
        external_id: "app-1",
        workflow_id: "sandbox-flow",
        verification_method: "Document",
        checks: [],
        enrichments: [],
      });
    }
  });

  it("writes the Created timeline entry and an audit entry in the same change", async () => {
    const res = await call(app, "POST", "/api/v1/verifications", {
      token: live,
      json: { email: "t@example.com", workflow_id: "sandbox-flow" },
    });
    const timeline = await database.db.select().from(verificationEvents).where(eq(verificationEvents.verificationId, res.body.id));
    expect(timeline).toHaveLength(1);
    expect(timeline[0]).toMatchObject({ event: "Created", toStatus: "InProgress", teamId, mode: "live", actorType: "api_client" });
    const audit = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, res.body.id), eq(auditLog.action, "verification.created")));
    expect(audit).toHaveLength(1);
  });

  it("accepts flow_id as the alias of workflow_id and falls back to the team's default redirect", async () => {
    const res = await call(app, "POST", "/api/v2/verifications", {
      token: live,
      json: { email: "a@example.com", flow_id: "sandbox-flow-referee" },
    });
    expect(res.status).toBe(201);
    expect(res.body.workflow_id).toBe("sandbox-flow-referee");
    const read = await call(app, "GET", `/api/v2/verifications/${res.body.id}`, { token: live });
    expect(read.body.redirect_url).toBe("https://acme.example/return");
  });

  it.each([
    [{ workflow_id: "sandbox-flow" }, "email"],
    [{ email: "not-an-email", workflow_id: "sandbox-flow" }, "email"],
    [{ email: "a@example.com" }, "workflow_id"],
    [{ email: "a@example.com", workflow_id: "no-such-flow" }, "workflow_id"],
    [{ email: "a@example.com", workflow_id: "sandbox-flow", redirect_url: "javascript:alert(1)" }, "redirect_url"],
    [{ email: "a@example.com", workflow_id: "sandbox-flow", date_of_birth: "1990-02-31" }, "date_of_birth"],
    [{ email: "a@example.com", workflow_id: "sandbox-flow", address: { postcode: "SW1A 2AA", planet: "Mars" } }, "address.planet"],
    [{ email: "a@example.com", workflow_id: "sandbox-flow", colour: "blue" }, "colour"],
  ])("refuses %j with 400 naming %s", async (json, field) => {
    const res = await call(app, "POST", "/api/v1/verifications", { token: live, json });
    expect(res.status).toBe(400);
    const body = errorSchema.parse(res.body);
    expect(body.status_code).toBe(400);
    expect(body.error_detail).toHaveProperty([field]);
  });

  it("answers 404 for another team's or another mode's case, and for an unknown id", async () => {
    const res = await call(app, "POST", "/api/v1/verifications", {
      token: live,
      json: { email: "iso@example.com", workflow_id: "sandbox-flow" },
    });
    const id = res.body.id as string;
    for (const token of [sandbox, otherTeam]) {
      const read = await call(app, "GET", `/api/v2/verifications/${id}`, { token });
      expect(read.status).toBe(404);
      expect(errorSchema.parse(read.body).status_code).toBe(404);
    }
    expect((await call(app, "GET", "/api/v2/verifications/00000000-0000-0000-0000-000000000000", { token: live })).status).toBe(404);
  });

  it("needs a token to create or read", async () => {
    expect(
      (await call(app, "POST", "/api/v1/verifications", { json: { email: "a@example.com", workflow_id: "sandbox-flow" } })).status,
    ).toBe(401);
    expect((await call(app, "GET", "/api/v1/verifications/abc")).status).toBe(401);
  });

  it("answers unknown routes with 404 in the error shape", async () => {
    const res = await call(app, "GET", "/api/v1/nothing-here", { token: live });
    expect(res.status).toBe(404);
    expect(errorSchema.parse(res.body).status_code).toBe(404);
  });
});

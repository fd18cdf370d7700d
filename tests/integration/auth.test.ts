import { afterAll, beforeAll, expect, it } from "vitest";
import { accessTokenSchema, errorSchema } from "@/lib/contract";
import { accessTokens } from "@/lib/db/schema";
import { revokeApiClient } from "@/lib/server/auth/revoke-api-client";
import { verifyToken } from "@/lib/server/auth/verify-token";
import { call, createTestApi, seedTeam, tokenFor, type TestApi } from "../support/api";
import { createTestDatabase, describeEngines, type TestDatabase } from "../support/db";

describeEngines("authentication on %s", (engine) => {
  let database: TestDatabase;
  let app: TestApi;
  let acme: Awaited<ReturnType<typeof seedTeam>>;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    app = createTestApi(database.db);
    acme = await seedTeam(database.db);
  });
  afterAll(() => database.dispose());

  it.each(["/api/v2/authenticate", "/api/v1/authenticate"])("%s issues a bearer token (201) of at most one day", async (path) => {
    const before = Date.now();
    const res = await call(app, "POST", path, { json: { client_id: acme.live.clientId, client_secret: acme.live.clientSecret } });
    expect(res.status).toBe(201);
    const body = accessTokenSchema.parse(res.body);
    const lifetime = Date.parse(body.expires_at) - before;
    expect(lifetime).toBeGreaterThan(23 * 3600 * 1000);
    expect(lifetime).toBeLessThanOrEqual(24 * 3600 * 1000 + 5000);
    expect(res.headers.get("cache-control")).toBe("no-store");
  });

  it("the secret decides the mode: a sandbox- secret yields a sandbox token", async () => {
    expect(acme.sandbox.clientSecret.startsWith("sandbox-")).toBe(true);
    expect(acme.live.clientSecret.startsWith("sandbox-")).toBe(false);
    const sandboxContext = await verifyToken(database.db, await tokenFor(app, acme.sandbox));
    const liveContext = await verifyToken(database.db, await tokenFor(app, acme.live));
    expect(sandboxContext).toMatchObject({ teamId: acme.team.id, mode: "sandbox" });
    expect(liveContext).toMatchObject({ teamId: acme.team.id, mode: "live" });
  });

  it("stores only hashes of tokens", async () => {
    const token = await tokenFor(app, acme.live);
    const rows = await database.db.select().from(accessTokens);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((r) => r.tokenHash === token || r.tokenHash.includes(token))).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.tokenHash))).toBe(true);
  });

  it.each([
    ["a wrong secret", () => ({ client_id: acme.live.clientId, client_secret: "live-wrong" })],
    ["an unknown client", () => ({ client_id: "cli_nobody", client_secret: acme.live.clientSecret })],
    ["another client's secret", () => ({ client_id: acme.live.clientId, client_secret: acme.sandbox.clientSecret })],
  ])("refuses %s with 401 and the error shape", async (_label, body) => {
    const res = await call(app, "POST", "/api/v2/authenticate", { json: body() });
    expect(res.status).toBe(401);
    expect(errorSchema.parse(res.body)).toMatchObject({ status_code: 401, message: "Invalid client credentials" });
  });

  it("validates the body: missing fields, unknown fields, malformed JSON, wrong content type → 400", async () => {
    const missing = await call(app, "POST", "/api/v2/authenticate", { json: { client_id: "x" } });
    expect(missing.status).toBe(400);
    expect(missing.body.error_detail).toHaveProperty("client_secret");

    const unknown = await call(app, "POST", "/api/v2/authenticate", { json: { client_id: "x", client_secret: "y", scope: "all" } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error_detail).toEqual({ scope: "Unknown field" });

    const malformed = await call(app, "POST", "/api/v2/authenticate", {
      body: "{not json",
      headers: { "content-type": "application/json" },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toMatch(/Malformed JSON/);

    const wrongType = await call(app, "POST", "/api/v2/authenticate", { body: "client_id=x", headers: { "content-type": "text/plain" } });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.error_detail).toHaveProperty("content-type");
  });

  it("protected routes answer 401 without, with a malformed, or with an unknown token", async () => {
    const variants: Record<string, string>[] = [{}, { authorization: "Basic abc" }, { authorization: "Bearer not-a-token" }];
    for (const headers of variants) {
      const res = await call(app, "GET", "/api/v2/verifications/any", { headers });
      expect(res.status).toBe(401);
      expect(errorSchema.parse(res.body).status_code).toBe(401);
      expect(res.headers.get("www-authenticate")).toMatch(/^Bearer/);
    }
  });

  it("an expired token is refused", async () => {
    const shortApp = createTestApi(database.db, { tokenTtlSeconds: 60 });
    const token = await tokenFor(shortApp, acme.live);
    expect(await verifyToken(database.db, token)).not.toBeNull();
    expect(await verifyToken(database.db, token, new Date(Date.now() + 61_000))).toBeNull();
  });

  it("revoking a client refuses its secret and every token it issued", async () => {
    const extra = await seedTeam(database.db, "Revocable");
    const token = await tokenFor(app, extra.live);
    expect((await call(app, "GET", "/api/v2/verifications/x", { token })).status).toBe(404);
    const revoked = await revokeApiClient(
      database.db,
      { teamId: extra.team.id, mode: "live" },
      { clientId: extra.live.clientId, actor: { type: "system" } },
    );
    expect(revoked.ok).toBe(true);
    expect((await call(app, "GET", "/api/v2/verifications/x", { token })).status).toBe(401);
    const again = await call(app, "POST", "/api/v2/authenticate", {
      json: { client_id: extra.live.clientId, client_secret: extra.live.clientSecret },
    });
    expect(again.status).toBe(401);
    // The sandbox credential of the same team is untouched.
    expect(
      (
        await call(app, "POST", "/api/v2/authenticate", {
          json: { client_id: extra.sandbox.clientId, client_secret: extra.sandbox.clientSecret },
        })
      ).status,
    ).toBe(201);
  });

  it("revocation is scoped to the tenant: another team cannot revoke it", async () => {
    const other = await seedTeam(database.db, "Other");
    const result = await revokeApiClient(
      database.db,
      { teamId: other.team.id, mode: "live" },
      { clientId: acme.live.clientId, actor: { type: "system" } },
    );
    expect(result.ok).toBe(false);
    expect(
      (await call(app, "POST", "/api/v2/authenticate", { json: { client_id: acme.live.clientId, client_secret: acme.live.clientSecret } }))
        .status,
    ).toBe(201);
  });
});

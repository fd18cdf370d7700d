import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ServiceApiError, ServiceClient, ServiceUnavailableError } from "@/lib/client";
import { forgetCachedTokens } from "@/lib/server/auth/verify-token";
import { BASE_URL, createTestApi, seedTeam, type TestApi } from "../support/api";
import { createTestDatabase, type TestDatabase } from "../support/db";

describe("typed client over the real API app", () => {
  let database: TestDatabase;
  let app: TestApi;
  let acme: Awaited<ReturnType<typeof seedTeam>>;
  const calls: string[] = [];
  // Routes the client's fetch into the Hono app, recording each request's method and path.
  const fetchIntoApp: typeof fetch = async (input, init) => {
    const url = new URL(String(input));
    calls.push(`${init?.method ?? "GET"} ${url.pathname}`);
    return app.request(url.pathname + url.search, init);
  };

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    app = createTestApi(database.db, { tokenTtlSeconds: 3600 });
    acme = await seedTeam(database.db);
  });
  afterAll(() => database.dispose());

  const client = (now?: () => number) =>
    new ServiceClient({
      baseUrl: `${BASE_URL}/`,
      clientId: acme.live.clientId,
      clientSecret: acme.live.clientSecret,
      fetch: fetchIntoApp,
      now,
    });

  it("authenticates once, caches the token and returns typed records", async () => {
    calls.length = 0;
    const c = client();
    const [a, b] = await Promise.all([
      c.createVerification({ email: "one@example.com", workflow_id: "sandbox-flow" }),
      c.createVerification({ email: "two@example.com", workflow_id: "sandbox-flow" }),
    ]);
    const record = await c.getVerification(a.id);
    expect(record.email).toBe("one@example.com");
    expect(b.url).toContain("/verify/");
    expect(calls.filter((x) => x.endsWith("/authenticate"))).toHaveLength(1);
    expect(calls).toHaveLength(4);
  });

  it("lists verifications page by page through the X-Next-Cursor header", async () => {
    const c = client();
    for (let i = 0; i < 3; i++) await c.createVerification({ email: `page${i}@example.com`, workflow_id: "sandbox-flow" });
    const first = await c.listVerifications({ limit: 2 });
    expect(first.verifications).toHaveLength(2);
    expect(first.nextCursor).toEqual(expect.any(String));
    const emails = [...first.verifications.map((v) => v.email)];
    let cursor = first.nextCursor;
    while (cursor) {
      const next = await c.listVerifications({ limit: 2, cursor });
      emails.push(...next.verifications.map((v) => v.email));
      cursor = next.nextCursor;
    }
    expect(emails.slice(0, 3)).toEqual(["page2@example.com", "page1@example.com", "page0@example.com"]);
    expect((await c.listVerifications({ status: "Verified" })).verifications).toEqual([]);
  });

  it("renews the token before it expires", async () => {
    calls.length = 0;
    let now = Date.now();
    const c = client(() => now);
    await c.health();
    await c.createVerification({ email: "x@example.com", workflow_id: "sandbox-flow" });
    now += 3600 * 1000 - 30_000; // inside the renewal margin
    await c.createVerification({ email: "y@example.com", workflow_id: "sandbox-flow" });
    expect(calls.filter((x) => x.endsWith("/authenticate"))).toHaveLength(2);
  });

  it("renews once on a 401 (token revoked server-side) and succeeds", async () => {
    const c = client();
    await c.createVerification({ email: "before@example.com", workflow_id: "sandbox-flow" });
    await database.db.execute(sql`delete from access_tokens`);
    forgetCachedTokens();
    calls.length = 0;
    const created = await c.createVerification({ email: "after@example.com", workflow_id: "sandbox-flow" });
    expect(created.id).toBeTruthy();
    expect(calls).toEqual(["POST /api/v1/verifications", "POST /api/v2/authenticate", "POST /api/v1/verifications"]);
  });

  it("throws typed errors with field details", async () => {
    const c = client();
    const invalid = await c.createVerification({ email: "bad", workflow_id: "sandbox-flow" }).catch((e: unknown) => e);
    expect(invalid).toBeInstanceOf(ServiceApiError);
    expect((invalid as ServiceApiError).status).toBe(400);
    expect((invalid as ServiceApiError).fieldErrors).toHaveProperty("email");

    const missing = await c.getVerification("nope").catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(ServiceApiError);
    expect((missing as ServiceApiError).status).toBe(404);

    const wrong = new ServiceClient({ baseUrl: BASE_URL, clientId: acme.live.clientId, clientSecret: "live-wrong", fetch: fetchIntoApp });
    const denied = await wrong.getVerification("x").catch((e: unknown) => e);
    expect(denied).toBeInstanceOf(ServiceApiError);
    expect((denied as ServiceApiError).status).toBe(401);

    const down = new ServiceClient({ baseUrl: "http://127.0.0.1:9", clientId: "a", clientSecret: "b", timeoutMs: 2000 });
    expect(await down.health().catch((e: unknown) => e)).toBeInstanceOf(ServiceUnavailableError);
  });
});

// Regressions found by the API fuzzer (issue 15), each once answered 500 or with an undocumented
// status: text the database cannot store, and ids longer than the contract allows.
import { afterAll, beforeAll, expect, it } from "vitest";
import { errorSchema } from "@/lib/contract";
import { call, createTestApi, seedTeam, tokenFor, type TestApi } from "../support/api";
import { createTestDatabase, describeEngines, type TestDatabase } from "../support/db";
import { operationsOf, type OpenApiDocument } from "../support/fuzz/operations";

const NUL = "Must not contain the NUL character (U+0000)";
const LONE = "Must be valid Unicode (a lone surrogate such as \\ud800 is not)";

describeEngines("API input the database cannot store, on %s", (engine) => {
  let database: TestDatabase;
  let app: TestApi;
  let live: string;
  let sandbox: string;
  let clientId: string;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    app = createTestApi(database.db);
    const team = await seedTeam(database.db, "Edges");
    clientId = team.live.clientId;
    live = await tokenFor(app, team.live);
    sandbox = await tokenFor(app, team.sandbox);
  });
  afterAll(() => database.dispose());

  function expectInvalid(res: Awaited<ReturnType<typeof call>>, detail: Record<string, string>) {
    expect(res.status).toBe(400);
    expect(errorSchema.parse(res.body)).toEqual({ status_code: 400, message: "Invalid request", error_detail: detail });
  }

  it("refuses U+0000 in a path id, a query parameter, a JSON field and a form field (it reached PostgreSQL: 500)", async () => {
    expectInvalid(await call(app, "GET", "/api/v2/verifications/111%00", { token: live }), { id: NUL });
    expectInvalid(await call(app, "POST", "/api/v1/alerts/accounts/%00/acknowledge", { token: sandbox }), { id: NUL });
    expectInvalid(await call(app, "POST", "/api/v1/webhooks/messages/%00/replay", { token: sandbox }), { id: NUL });
    expectInvalid(await call(app, "GET", "/api/v1/webhooks/messages?verification_id=a%00b", { token: sandbox }), { verification_id: NUL });
    expectInvalid(
      await call(app, "POST", "/api/v1/verifications", {
        token: live,
        json: { email: "a@example.com", workflow_id: "sandbox-flow", external_id: "x\u0000y" },
      }),
      { external_id: NUL },
    );
    expectInvalid(
      await call(app, "POST", "/api/v1/verifications", {
        token: live,
        json: { email: "a@example.com", workflow_id: "sandbox-flow", address: { street: "\u0000", city: "Bath" } },
      }),
      { "address.street": NUL },
    );
    const form = new FormData();
    for (const [k, v] of Object.entries({
      first_name: "Ada\u0000",
      last_name: "Lovelace",
      email: "ada@example.com",
      date_of_birth: "1990-01-31",
    }))
      form.set(k, v);
    expectInvalid(await call(app, "POST", "/api/v2/risk", { token: live, body: form }), { first_name: NUL });
  });

  it("refuses a lone surrogate in JSON text (jsonb and PGlite's text refused it: 500)", async () => {
    // JSON.stringify writes a lone surrogate as the escape `\ud943`, which JSON allows.
    expectInvalid(await call(app, "POST", "/api/v2/authenticate", { json: { client_id: "\udaf3\ud90c", client_secret: "x" } }), {
      client_id: LONE,
    });
    expectInvalid(
      await call(app, "POST", "/api/v1/verifications", {
        token: live,
        json: { email: "a@example.com", workflow_id: "sandbox-flow", last_name: "d\ud943R" },
      }),
      { last_name: LONE },
    );
    // A surrogate pair is one valid character and is kept.
    const created = await call(app, "POST", "/api/v1/verifications", {
      token: live,
      json: { email: "a@example.com", workflow_id: "sandbox-flow", last_name: "Emoji 😀" },
    });
    expect(created.status).toBe(201);
    expect((await call(app, "GET", `/api/v2/verifications/${created.body.id}`, { token: live })).body.claim_details.last_name).toBe(
      "Emoji 😀",
    );
    expect((await call(app, "POST", "/api/v2/authenticate", { json: { client_id: clientId, client_secret: "wrong 😀" } })).status).toBe(
      401,
    );
  });

  it("refuses a cursor no list issued: a date PostgreSQL cannot hold or an id with U+0000 reached the query (500)", async () => {
    const cursor = (text: string) => Buffer.from(text).toString("base64url");
    for (const path of ["/api/v1/verifications", "/api/v1/alerts/accounts"]) {
      for (const text of [
        "-271821-04-20T00:00:00.000Z|x",
        "+275760-09-13T00:00:00.000Z|x",
        "2026-01-01T00:00:00.000Z|a\u0000b",
        `2026-01-01T00:00:00.000Z|${"x".repeat(201)}`,
        "2026-02-30T00:00:00.000Z|x",
      ]) {
        const res = await call(app, "GET", `${path}?cursor=${cursor(text)}`, { token: live });
        expect(res.status, `${path} ${JSON.stringify(text)}`).toBe(400);
        expect(errorSchema.parse(res.body)).toMatchObject({ status_code: 400, error_detail: { cursor: expect.any(String) } });
      }
      // A cursor as the lists issue it still pages.
      expect((await call(app, "GET", `${path}?cursor=${cursor("2026-01-01T00:00:00.000Z|x")}`, { token: live })).status).toBe(200);
    }
  });

  it("refuses an instant outside the years 0001-9999 (PostgreSQL refused it: 500)", async () => {
    const replay = await call(app, "POST", "/api/v1/webhooks/replay", {
      token: sandbox,
      json: { from: "0000-01-01T00:00:00Z", to: "2026-01-01T00:00:00Z" },
    });
    expect(replay.status).toBe(400);
    expect(errorSchema.parse(replay.body).error_detail).toEqual({ from: "Must be between the years 0001 and 9999 (UTC)" });
    const late = await call(app, "POST", "/api/v1/verifications", {
      token: live,
      json: { email: "a@example.com", workflow_id: "sandbox-flow", expires_at: "9999-12-31T23:59:59-14:00" },
    });
    expect(late.status).toBe(400);
    expect(errorSchema.parse(late.body).error_detail).toEqual({ expires_at: "Must be between the years 0001 and 9999 (UTC)" });
    // The edges themselves are fine.
    expect(
      (
        await call(app, "POST", "/api/v1/webhooks/replay", {
          token: sandbox,
          json: { from: "0001-01-01T00:00:00Z", to: "9999-12-31T23:59:59.999Z" },
        })
      ).status,
    ).toBe(202);
  });

  it("answers an id longer than the contract allows with a 400 the document lists", async () => {
    const doc = (await call(app, "GET", "/api/openapi.json")).body as unknown as OpenApiDocument;
    const withIds = operationsOf(doc).filter((op) => op.pathParams.length > 0);
    expect(withIds.length).toBeGreaterThan(0);
    for (const op of withIds) {
      // Every route that validates a path, query or body documents the 400 it may answer.
      expect([...op.statuses], `${op.method} ${op.template}`).toContain(400);
    }
    const res = await call(app, "GET", `/api/v2/verifications/${"x".repeat(101)}`, { token: live });
    expect(res.status).toBe(400);
    expect(errorSchema.parse(res.body).error_detail).toHaveProperty("id");
  });

  it("refuses a JSON body over 1 MiB before reading it, with 413 in the error shape, documented on every route that takes a body", async () => {
    const big = { email: "a@example.com", workflow_id: "sandbox-flow", external_id: "x".repeat(1024 * 1024) };
    const res = await call(app, "POST", "/api/v1/verifications", { token: live, json: big });
    expect(res.status).toBe(413);
    expect(errorSchema.parse(res.body)).toMatchObject({ status_code: 413, message: "A JSON body may be at most 1024 KiB" });
    // Before authentication too: no token needed to be refused.
    expect(
      (await call(app, "POST", "/api/v2/authenticate", { json: { client_id: "x".repeat(1100 * 1024), client_secret: "y" } })).status,
    ).toBe(413);
    // Just under the limit is read and judged on its fields (the contract caps external_id).
    const under = await call(app, "POST", "/api/v1/verifications", { token: live, json: { ...big, external_id: "x".repeat(1000 * 1024) } });
    expect(under.status).toBe(400);
    const doc = (await call(app, "GET", "/api/openapi.json")).body as OpenApiDocument;
    const withBody = operationsOf(doc).filter((op) => op.body);
    expect(withBody.length).toBeGreaterThan(5);
    for (const op of withBody) expect(op.statuses.has(413), `${op.method} ${op.template}`).toBe(true);
  });
});

import { afterAll, beforeAll, expect, it } from "vitest";
import { verificationListSchema, verificationRecordSchema } from "@/lib/contract";
import { runCli } from "@/lib/server/cli/run-cli";
import { call, createTestApi, seedTeam, tokenFor, type TestApi } from "../support/api";
import { createTestDatabase, describeEngines, type TestDatabase } from "../support/db";

// spec 4.10 with wire-details' status, flow and email of each canned id.
const CANNED = [
  ["111", "InProgress", "sandbox-flow", "jdoe@email.com"],
  ["222", "ReadyForReview", "sandbox-flow", "eroberts@email.com"],
  ["333", "Verified", "sandbox-flow", "dwebb@email.com"],
  ["444", "Refused", "sandbox-flow-enhanced", "e.roberts.9421@mailinator.com"],
  ["555", "InProgress", "sandbox-flow-professional-referee", "eroberts@email.com"],
  ["666", "Verified", "sandbox-flow-referee", "eroberts@email.com"],
  ["777", "LockedOut", "sandbox-flow", "dwebb@email.com"],
  ["888", "Verified", "sandbox-flow-address-only", "eroberts@email.com"],
  ["999", "InProgress", "sandbox-flow-referee", "eroberts@email.com"],
] as const;

describeEngines("sandbox verifications and listing on %s", (engine) => {
  let database: TestDatabase;
  let app: TestApi;
  let sandbox: string;
  let live: string;
  let slug: string;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    app = createTestApi(database.db);
    const acme = await seedTeam(database.db);
    slug = acme.team.slug;
    sandbox = await tokenFor(app, acme.sandbox);
    live = await tokenFor(app, acme.live);
  });
  afterAll(() => database.dispose());

  it.each(CANNED)("sandbox %s reads as %s (%s, %s) under v1 and v2", async (id, status, flow, email) => {
    for (const version of ["v1", "v2"]) {
      const res = await call(app, "GET", `/api/${version}/verifications/${id}`, { token: sandbox });
      expect(res.status).toBe(200);
      const record = verificationRecordSchema.parse(res.body);
      expect(record).toMatchObject({ id, status, workflow_id: flow, flow_id: flow, email });
      expect(record.claim_details.first_name).toBeTruthy();
    }
  });

  it("the canned records carry the checks the spec describes", async () => {
    const read = async (id: string) =>
      verificationRecordSchema.parse((await call(app, "GET", `/api/v2/verifications/${id}`, { token: sandbox })).body);
    expect((await read("111")).checks).toEqual([]);
    const verified = await read("333");
    expect(verified.checks.map((c) => [c.step, c.outcome])).toEqual([
      ["step_identity", "pass"],
      ["video_selfie", "pass"],
      ["step_address", "pass"],
    ]);
    expect(verified.checks[0]).toMatchObject({
      method: "photo_id",
      evidence_type: "passport",
      extracted_details: { issuing_country: "GBR" },
    });
    expect(verified.checks[1]!.validations!.liveness_check!.score).toBeGreaterThan(0.9);
    expect(verified.enrichments).toEqual([expect.objectContaining({ check: "radar", outcome: "pass" })]);
    const review = await read("444");
    expect(review.enrichments.map((e) => [e.check, e.outcome])).toEqual([
      ["radar", "fail"],
      ["aml", "fail"],
    ]);
    expect(review.checks[0]!.validations!.names_consistent!.status).toBe("fail");
    const locked = await read("777");
    expect(locked.checks[1]).toMatchObject({ step: "video_selfie", outcome: "fail", validations: { face_match: { status: "fail" } } });
    expect((await read("888")).checks.filter((c) => c.step === "step_address")).toHaveLength(2);
  });

  it("canned ids exist only in sandbox", async () => {
    expect((await call(app, "GET", "/api/v2/verifications/333", { token: live })).status).toBe(404);
    expect((await call(app, "GET", "/api/v2/verifications/100", { token: sandbox })).status).toBe(404);
  });

  it("sandbox-created cases are stored like live ones, isolated by mode", async () => {
    const created = await call(app, "POST", "/api/v1/verifications", {
      token: sandbox,
      json: { email: "s@example.com", workflow_id: "sandbox-flow" },
    });
    expect(created.status).toBe(201);
    expect((await call(app, "GET", `/api/v2/verifications/${created.body.id}`, { token: sandbox })).status).toBe(200);
    expect((await call(app, "GET", `/api/v2/verifications/${created.body.id}`, { token: live })).status).toBe(404);
  });

  it("lists stored cases newest first, by cursor, filtered by status", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      ids.push(
        (
          await call(app, "POST", "/api/v1/verifications", {
            token: live,
            json: { email: `l${i}@example.com`, workflow_id: "sandbox-flow" },
          })
        ).body.id,
      );
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await call(app, "GET", `/api/v1/verifications?limit=2${cursor ? `&cursor=${cursor}` : ""}`, { token: live });
      expect(res.status).toBe(200);
      expect(Array.isArray(res.body), "the real API's list is a bare array").toBe(true);
      const pageBody = verificationListSchema.parse(res.body);
      expect(pageBody.length).toBeLessThanOrEqual(2);
      seen.push(...pageBody.map((v) => v.id));
      cursor = res.headers.get("x-next-cursor");
      if (cursor) expect(res.headers.get("link")).toBe(`</api/v1/verifications?limit=2&cursor=${encodeURIComponent(cursor)}>; rel="next"`);
      else expect(res.headers.get("link")).toBeNull();
    } while (cursor);
    expect(seen).toEqual([...ids].reverse());

    const inProgress = verificationListSchema.parse(
      (await call(app, "GET", "/api/v1/verifications?status=InProgress", { token: live })).body,
    );
    expect(inProgress).toHaveLength(5);
    const verified = verificationListSchema.parse((await call(app, "GET", "/api/v1/verifications?status=Verified", { token: live })).body);
    expect(verified).toEqual([]);
    const sandboxList = verificationListSchema.parse((await call(app, "GET", "/api/v1/verifications", { token: sandbox })).body);
    expect(sandboxList.every((v) => !ids.includes(v.id))).toBe(true);

    expect((await call(app, "GET", "/api/v1/verifications?status=Happy", { token: live })).status).toBe(400);
    expect((await call(app, "GET", "/api/v1/verifications?limit=1000", { token: live })).status).toBe(400);
    expect((await call(app, "GET", "/api/v1/verifications?cursor=abc", { token: live })).status).toBe(400);
    expect((await call(app, "GET", "/api/v1/verifications")).status).toBe(401);
  });

  it("a team's own workflow can be used in its mode only", async () => {
    const made = await runCli(database.db, [
      "create-workflow",
      "--team",
      slug,
      "--mode",
      "live",
      "--id",
      "kyc-lite",
      "--name",
      "KYC lite",
      "--steps",
      "photo_id,video_selfie",
    ]);
    expect(made).toMatchObject({ exitCode: 0, output: { ok: true, id: "kyc-lite", steps: ["photo_id", "video_selfie"] } });
    expect(
      (await call(app, "POST", "/api/v1/verifications", { token: live, json: { email: "w@example.com", workflow_id: "kyc-lite" } })).status,
    ).toBe(201);
    const other = await call(app, "POST", "/api/v1/verifications", {
      token: sandbox,
      json: { email: "w@example.com", workflow_id: "kyc-lite" },
    });
    expect(other.status).toBe(400);
    expect(other.body.error_detail).toEqual({ workflow_id: "Unknown workflow" });
    const again = await runCli(database.db, [
      "create-workflow",
      "--team",
      slug,
      "--mode",
      "live",
      "--id",
      "kyc-lite",
      "--name",
      "Again",
      "--steps",
      "photo_id",
    ]);
    expect(again.exitCode).toBe(1);
    const badStep = await runCli(database.db, [
      "create-workflow",
      "--team",
      slug,
      "--mode",
      "live",
      "--id",
      "x-flow",
      "--name",
      "X",
      "--steps",
      "dna_test",
    ]);
    expect(badStep.output).toMatchObject({ ok: false, error: { detail: { steps: expect.stringContaining("photo_id") } } });
  });
});

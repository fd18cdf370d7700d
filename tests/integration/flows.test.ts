import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Role } from "@/lib/db/schema";
import { changeWorkflow } from "@/lib/server/console/manage-workflows";
import { randomToken } from "@/lib/server/shared/crypto";
import { addStaffMember } from "@/lib/server/teams/add-staff-member";
import { call, createTestApi, seedTeam, tokenFor, type TestApi } from "../support/api";
import { createTestDatabase, type TestDatabase } from "../support/db";

// GET /api/v1/flows and /api/v1/flows/{id} (issue 16). The real API's `Flow` (real-api.md), written
// out here rather than taken from our contract:
//   { id: string; name: string; updated_at: string; created_at: string; archived_at: string | null; tokens_per_verification: number }
const FLOW_KEYS = ["archived_at", "created_at", "id", "name", "tokens_per_verification", "updated_at"];
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/;
// The built-in workflows (wire-details' flow ids) and the tokens one verification through each costs.
const BUILT_IN: Record<string, number> = {
  "sandbox-flow": 3,
  "sandbox-flow-enhanced": 3,
  "sandbox-flow-referee": 1,
  "sandbox-flow-professional-referee": 2,
  "sandbox-flow-address-only": 1,
  "referee-check": 2,
};

let database: TestDatabase;
let app: TestApi;
let acme: Awaited<ReturnType<typeof seedTeam>>;
let live: string;
let sandbox: string;
let globexLive: string;

async function staff(teamId: string, role: Role) {
  const added = await addStaffMember(database.db, {
    teamId,
    email: `${role}-${randomToken(4)}@flows.test`.toLowerCase(),
    password: "correct horse battery",
    role,
    actor: { type: "system" },
  });
  if (!added.ok) throw new Error(added.error.message);
  return { userId: added.value.userId, ip: null, userAgent: null };
}

function expectFlowShape(flow: Record<string, unknown>) {
  expect(Object.keys(flow).sort()).toEqual(FLOW_KEYS);
  expect(typeof flow.id).toBe("string");
  expect(typeof flow.name).toBe("string");
  expect(flow.created_at).toMatch(ISO);
  expect(flow.updated_at).toMatch(ISO);
  expect(flow.archived_at === null || ISO.test(String(flow.archived_at))).toBe(true);
  expect(Number.isInteger(flow.tokens_per_verification)).toBe(true);
}

beforeAll(async () => {
  database = await createTestDatabase("pglite");
  app = createTestApi(database.db);
  acme = await seedTeam(database.db, "Flows Acme");
  const globex = await seedTeam(database.db, "Flows Globex");
  [live, sandbox, globexLive] = await Promise.all([tokenFor(app, acme.live), tokenFor(app, acme.sandbox), tokenFor(app, globex.live)]);
});
afterAll(async () => database?.dispose());

describe("GET /api/v1/flows", () => {
  it("answers a bare array of Flow with every built-in workflow, in both modes", async () => {
    for (const token of [live, sandbox]) {
      const res = await call(app, "GET", "/api/v1/flows", { token });
      expect(res.status).toBe(200);
      expect(Array.isArray(res.body)).toBe(true);
      const flows = res.body as unknown as Record<string, unknown>[];
      flows.forEach(expectFlowShape);
      const tokens = Object.fromEntries(flows.map((f) => [f.id, f.tokens_per_verification]));
      expect(tokens).toEqual(BUILT_IN);
      expect(flows.every((f) => f.archived_at === null)).toBe(true);
    }
  });

  it("reads one flow, and answers 404 for an unknown id and 401 without a token", async () => {
    const one = await call(app, "GET", "/api/v1/flows/sandbox-flow-referee", { token: live });
    expect(one.status).toBe(200);
    expectFlowShape(one.body);
    expect(one.body).toMatchObject({
      id: "sandbox-flow-referee",
      name: "Vouch by a referee",
      tokens_per_verification: 1,
      archived_at: null,
    });
    const unknown = await call(app, "GET", "/api/v1/flows/no-such-flow", { token: live });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ status_code: 404, message: "Flow no-such-flow not found" });
    expect((await call(app, "GET", "/api/v1/flows")).status).toBe(401);
    expect((await call(app, "GET", "/api/v1/flows/sandbox-flow")).status).toBe(401);
  });
});

describe("a team's own workflows: console changes, API reads", () => {
  it("creates, edits, archives and restores; an archived workflow opens no verification", async () => {
    const owner = await staff(acme.team.id, "owner");
    const tenant = { teamId: acme.team.id, mode: "live" as const };
    const created = await changeWorkflow(database.db, tenant, owner, {
      kind: "create",
      id: "photo-and-selfie",
      name: "Photo and selfie",
      steps: ["photo_id", "video_selfie"],
    });
    expect(created.ok).toBe(true);

    const listed = await call(app, "GET", "/api/v1/flows", { token: live });
    const own = (listed.body as unknown as Record<string, unknown>[]).find((f) => f.id === "photo-and-selfie");
    expect(own).toMatchObject({ name: "Photo and selfie", tokens_per_verification: 2, archived_at: null });

    // Another mode and another team never see it.
    const inSandbox = await call(app, "GET", "/api/v1/flows", { token: sandbox });
    expect((inSandbox.body as unknown as { id: string }[]).map((f) => f.id)).not.toContain("photo-and-selfie");
    expect((await call(app, "GET", "/api/v1/flows/photo-and-selfie", { token: sandbox })).status).toBe(404);
    expect((await call(app, "GET", "/api/v1/flows/photo-and-selfie", { token: globexLive })).status).toBe(404);

    await new Promise((resolve) => setTimeout(resolve, 5));
    const edited = await changeWorkflow(database.db, tenant, owner, {
      kind: "update",
      id: "photo-and-selfie",
      name: "Photo, selfie and address",
      steps: ["photo_id", "video_selfie", "address_evidence"],
    });
    expect(edited.ok).toBe(true);
    const read = await call(app, "GET", "/api/v1/flows/photo-and-selfie", { token: live });
    expect(read.body).toMatchObject({ name: "Photo, selfie and address", tokens_per_verification: 3, archived_at: null });
    expect(Date.parse(read.body.updated_at)).toBeGreaterThan(Date.parse(read.body.created_at));

    const archived = await changeWorkflow(database.db, tenant, owner, { kind: "archive", id: "photo-and-selfie", archived: true });
    expect(archived.ok).toBe(true);
    const afterArchive = await call(app, "GET", "/api/v1/flows/photo-and-selfie", { token: live });
    expect(afterArchive.body.archived_at).toMatch(ISO);
    const refused = await call(app, "POST", "/api/v1/verifications", {
      token: live,
      json: { email: "a@example.com", workflow_id: "photo-and-selfie" },
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      status_code: 400,
      message: 'Workflow "photo-and-selfie" is archived',
      error_detail: { workflow_id: expect.stringContaining("Archived") },
    });

    expect((await changeWorkflow(database.db, tenant, owner, { kind: "archive", id: "photo-and-selfie", archived: false })).ok).toBe(true);
    expect((await call(app, "GET", "/api/v1/flows/photo-and-selfie", { token: live })).body.archived_at).toBeNull();
    const opened = await call(app, "POST", "/api/v1/verifications", {
      token: live,
      json: { email: "a@example.com", workflow_id: "photo-and-selfie" },
    });
    expect(opened.status).toBe(201);
    expect(opened.body).toMatchObject({ workflow_id: "photo-and-selfie", flow_id: "photo-and-selfie" });
  });

  it("refuses bad input, duplicates, built-ins, other teams and members without the right", async () => {
    const admin = await staff(acme.team.id, "admin");
    const viewer = await staff(acme.team.id, "viewer");
    const tenant = { teamId: acme.team.id, mode: "live" as const };
    const bad = await changeWorkflow(database.db, tenant, admin, {
      kind: "create",
      id: "Bad Id",
      name: " ",
      steps: ["photo_id", "teleport"],
    });
    expect(bad.ok || bad.error.detail).toEqual({
      id: "2–63 characters: lower-case letters, digits and dashes",
      name: "Required",
      steps: "Steps must be some of photo_id, video_selfie, address_evidence, vouch, professional_vouch",
    });
    const twice = await changeWorkflow(database.db, tenant, admin, {
      kind: "create",
      id: "twice-step",
      name: "Twice",
      steps: ["photo_id", "photo_id"],
    });
    expect(twice.ok || twice.error.detail).toEqual({ steps: "A step appears twice" });
    expect(
      (
        await changeWorkflow(database.db, tenant, admin, {
          kind: "create",
          id: "address-first",
          name: "Address first",
          steps: ["address_evidence"],
        })
      ).ok,
    ).toBe(true);
    const duplicate = await changeWorkflow(database.db, tenant, admin, {
      kind: "create",
      id: "address-first",
      name: "Again",
      steps: ["address_evidence"],
    });
    expect(duplicate.ok || duplicate.error.kind).toBe("conflict");
    const builtIn = await changeWorkflow(database.db, tenant, admin, { kind: "archive", id: "sandbox-flow", archived: true });
    expect(builtIn.ok || builtIn.error.message).toBe("A built-in workflow cannot be archived");
    const builtInEdit = await changeWorkflow(database.db, tenant, admin, {
      kind: "update",
      id: "sandbox-flow",
      name: "Mine",
      steps: ["photo_id"],
    });
    expect(builtInEdit.ok || builtInEdit.error.message).toBe("A built-in workflow cannot be changed");
    const viewerTry = await changeWorkflow(database.db, tenant, viewer, { kind: "archive", id: "address-first", archived: true });
    expect(viewerTry.ok || viewerTry.error.kind).toBe("forbidden");
    // A member of Acme naming Globex's tenant is refused before anything is read.
    const outsider = await changeWorkflow(
      database.db,
      { teamId: (await seedTeam(database.db, "Flows Initech")).team.id, mode: "live" },
      admin,
      { kind: "archive", id: "address-first", archived: true },
    );
    expect(outsider.ok).toBe(false);
    const missing = await changeWorkflow(database.db, tenant, admin, {
      kind: "update",
      id: "no-such-workflow",
      name: "X",
      steps: ["photo_id"],
    });
    expect(missing.ok || missing.error.kind).toBe("not_found");
    expect((await call(app, "GET", "/api/v1/flows/address-first", { token: live })).body.archived_at).toBeNull();
  });
});

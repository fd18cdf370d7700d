import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getConfig } from "@/lib/config";
import { outboundEmails } from "@/lib/db/schema";
import { runCli } from "@/lib/server/cli/run-cli";
import { decodeInvite } from "@/lib/server/console/invite-token";
import { call, createTestApi, seedTeam, tokenFor, type TestApi } from "../support/api";
import { createTestDatabase, type TestDatabase } from "../support/db";

// GET and POST /api/v1/team (issue 16). The real API's shapes (real-api.md), written out here:
//   Team: { id; name; public_name; plan: 'Trial'|'PAYG'|'Lite'|'Flex'|'Enterprise'; logo_url; updated_at; created_at }
//   CreateTeamResponse: { id; name; public_name?; created_at; credentials: { client_secret; client_id; environment; name } }
const TEAM_KEYS = ["created_at", "id", "logo_url", "name", "plan", "public_name", "updated_at"];
const CREATED_KEYS = ["created_at", "credentials", "id", "name", "public_name"];
const CREDENTIAL_KEYS = ["client_id", "client_secret", "environment", "name"];
const PLANS = ["Trial", "PAYG", "Lite", "Flex", "Enterprise"];

let database: TestDatabase;
let app: TestApi;
let partner: Awaited<ReturnType<typeof seedTeam>>;
let partnerLive: string;
let partnerSandbox: string;

const NEW_TEAM = {
  name: "Harbour Lettings Ltd",
  public_name: "Harbour Lettings",
  logo_url: "https://cdn.harbour.example/logo.png",
  team_admin_emails: ["ops@harbour.example", "Lead@Harbour.example"],
  flow_template: "KYC_AML",
};

beforeAll(async () => {
  database = await createTestDatabase("pglite");
  app = createTestApi(database.db);
  partner = await seedTeam(database.db, "Partner Platform");
  [partnerLive, partnerSandbox] = await Promise.all([tokenFor(app, partner.live), tokenFor(app, partner.sandbox)]);
});
afterAll(async () => database?.dispose());

describe("GET /api/v1/team", () => {
  it("answers the token's own team as Team, in both modes", async () => {
    for (const token of [partnerLive, partnerSandbox]) {
      const res = await call(app, "GET", "/api/v1/team", { token });
      expect(res.status).toBe(200);
      expect(Object.keys(res.body).sort()).toEqual(TEAM_KEYS);
      expect(res.body).toMatchObject({
        id: partner.team.id,
        name: "Partner Platform",
        public_name: "Partner Platform",
        plan: "PAYG",
        logo_url: "",
      });
      expect(PLANS).toContain(res.body.plan);
    }
    expect((await call(app, "GET", "/api/v1/team")).status).toBe(401);
  });
});

describe("POST /api/v1/team", () => {
  it("is refused (403) to a team that is not a partner", async () => {
    const res = await call(app, "POST", "/api/v1/team", { token: partnerLive, json: NEW_TEAM });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ status_code: 403, message: "Only a partner team can create teams: ask the platform operator" });
  });

  it("creates a team with a credential shown once, its template's workflow and invitations to its admins", async () => {
    const marked = await runCli(database.db, ["set-partner", "--team", partner.team.id]);
    expect(marked.exitCode).toBe(0);
    const res = await call(app, "POST", "/api/v1/team", { token: partnerLive, json: NEW_TEAM });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(CREATED_KEYS);
    expect(Object.keys(res.body.credentials).sort()).toEqual(CREDENTIAL_KEYS);
    expect(res.body).toMatchObject({ name: "Harbour Lettings Ltd", public_name: "Harbour Lettings" });
    expect(res.body.credentials).toMatchObject({ environment: "live", name: "Partner Platform integration" });
    expect(res.body.credentials.client_secret.startsWith("sandbox-")).toBe(false);

    // The credential works, and sees the new team with its profile and workflow.
    const token = await tokenFor(app, { clientId: res.body.credentials.client_id, clientSecret: res.body.credentials.client_secret });
    const team = await call(app, "GET", "/api/v1/team", { token });
    expect(team.body).toMatchObject({
      id: res.body.id,
      name: "Harbour Lettings Ltd",
      public_name: "Harbour Lettings",
      logo_url: "https://cdn.harbour.example/logo.png",
      plan: "PAYG",
    });
    const flow = await call(app, "GET", "/api/v1/flows/kyc-aml", { token });
    expect(flow.status).toBe(200);
    expect(flow.body).toMatchObject({ id: "kyc-aml", tokens_per_verification: 3, archived_at: null });
    // The partner's own token cannot read into the new team.
    expect((await call(app, "GET", "/api/v1/flows/kyc-aml", { token: partnerLive })).status).toBe(404);

    // One invitation per admin (addresses folded to lower case), as console admins of the new team.
    const mail = await database.db.select().from(outboundEmails).where(eq(outboundEmails.teamId, res.body.id));
    expect(mail.map((m) => m.to).sort()).toEqual(["lead@harbour.example", "ops@harbour.example"]);
    for (const message of mail) {
      const link = /\/console\/invite\/([A-Za-z0-9_.-]+)/.exec(message.text)?.[1];
      const invite = decodeInvite(link ?? "", getConfig().auth.secret);
      expect(invite).toMatchObject({ teamId: res.body.id, email: message.to, role: "admin" });
    }
  });

  it("creates a sandbox credential for a sandbox token", async () => {
    const res = await call(app, "POST", "/api/v1/team", {
      token: partnerSandbox,
      json: { name: "Sandbox Child", team_admin_emails: ["dev@child.example"] },
    });
    expect(res.status).toBe(200);
    expect(res.body.credentials.environment).toBe("sandbox");
    expect(res.body.credentials.client_secret.startsWith("sandbox-")).toBe(true);
    expect("public_name" in res.body).toBe(false);
  });

  it("answers bad input with 400 keyed by field", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...NEW_TEAM, logo_url: "http://cdn.example/logo.png" }, "logo_url"],
      [{ ...NEW_TEAM, team_admin_emails: [] }, "team_admin_emails"],
      [{ ...NEW_TEAM, team_admin_emails: ["not-an-email"] }, "team_admin_emails.0"],
      [{ ...NEW_TEAM, flow_template: "EVERYTHING" }, "flow_template"],
      [{ ...NEW_TEAM, name: "  " }, "name"],
      [{ ...NEW_TEAM, plan: "Enterprise" }, "plan"],
    ];
    for (const [json, field] of cases) {
      const res = await call(app, "POST", "/api/v1/team", { token: partnerLive, json });
      expect(res.status, field).toBe(400);
      expect(Object.keys(res.body.error_detail), field).toContain(field);
    }
  });
});
